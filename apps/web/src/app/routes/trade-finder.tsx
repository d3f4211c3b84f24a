import { TradeFinderScreen } from '../../features/futures/components/trade-finder-screen';
import { useTheme } from '../../features/theme/hooks/use-theme';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/trade-finder: ranked futures as paged mini charts with ATP. */
export function TradeFinderRoute() {
  const { isDark } = useTheme();
  return (
    <>
      <PageTitle name={APP_PAGES.tradeFinder.title} />
      <TradeFinderScreen theme={isDark ? 'dark' : 'light'} />
    </>
  );
}
