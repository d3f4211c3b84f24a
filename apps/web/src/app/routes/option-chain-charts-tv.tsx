import { OptionChainChartsTvScreen } from '../../features/option-chain-charts-tv/components/option-chain-charts-tv-screen';
import { useTheme } from '../../features/theme/hooks/use-theme';
import { usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/option-chain-charts-tv: the Advance Chart version of Option Chain Charts, following the app's theme. */
export function OptionChainChartsTvRoute() {
  const { isDark } = useTheme();
  const feed = usePublicConfig().data?.feed;
  return (
    <>
      <PageTitle name={APP_PAGES.optionChainChartsTv.title} />
      <OptionChainChartsTvScreen
        theme={isDark ? 'dark' : 'light'}
        chartsPath={APP_PAGES.optionChainCharts.path}
        {...(feed === undefined
          ? {}
          : { refreshMs: feed.refreshMs, replay: feed.replay, alwaysOpen: feed.alwaysOpen === true })}
      />
    </>
  );
}
