import { OptionChainChartsScreen } from '../../features/option-chain-charts/components/option-chain-charts-screen';
import { useTheme } from '../../features/theme/hooks/use-theme';
import { usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/option-chain-charts: the index chart and per-strike call and put charts; the theme follows the app's. */
export function OptionChainChartsRoute() {
  const { isDark } = useTheme();
  const feed = usePublicConfig().data?.feed;
  return (
    <>
      <PageTitle name={APP_PAGES.optionChainCharts.title} />
      <OptionChainChartsScreen
        theme={isDark ? 'dark' : 'light'}
        {...(feed === undefined
          ? {}
          : { refreshMs: feed.refreshMs, replay: feed.replay, alwaysOpen: feed.alwaysOpen === true })}
      />
    </>
  );
}
