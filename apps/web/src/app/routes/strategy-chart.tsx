import { StrategyBuilderScreen } from '../../features/strategy-builder/components/strategy-builder-screen';
import { useSearchParams } from 'react-router';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/strategy-chart: build a strategy from the chain and see its payoff, greeks and breakevens. */
export function StrategyChartRoute() {
  const props = useSnapshotScreenProps();
  // The option chain's link carries its instrument and expiry.
  const [search] = useSearchParams();
  const instrument = search.get('instrument');
  return (
    <>
      <PageTitle name={APP_PAGES.strategyChart.title} />
      <StrategyBuilderScreen
        {...props}
        {...(instrument === null ? {} : { opened: { name: instrument, expiry: search.get('expiry') } })}
      />
    </>
  );
}
