import { StrategyBuilderScreen } from '../../features/strategy-builder/components/strategy-builder-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/strategy-chart: build a strategy from the chain and see its payoff, greeks and breakevens. */
export function StrategyChartRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.strategyChart.title} />
      <StrategyBuilderScreen {...useSnapshotScreenProps()} />
    </>
  );
}
