import { QuickChartsScreen } from '../../features/quick-charts/components/quick-charts-screen';
import { useTheme } from '../../features/theme/hooks/use-theme';
import { usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/charts (Quick Charts), where users land after login: candle charts whose theme follows the app's. */
export function QuickChartsRoute() {
  const { isDark } = useTheme();
  const feed = usePublicConfig().data?.feed;
  return (
    <>
      <PageTitle name={APP_PAGES.charts.title} />
      <QuickChartsScreen
        theme={isDark ? 'dark' : 'light'}
        {...(feed === undefined
          ? {}
          : { refreshMs: feed.refreshMs, replay: feed.replay, alwaysOpen: feed.alwaysOpen === true })}
      />
    </>
  );
}
