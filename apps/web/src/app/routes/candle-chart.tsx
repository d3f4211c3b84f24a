import { OrderflowScreen } from '../../features/orderflow/components/orderflow-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /CandleChart: the Orderflow (footprint) chart. */
export function CandleChartRoute() {
  const { theme, refreshMs, alwaysOpen } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.candleChart.title} />
      <OrderflowScreen
        theme={theme}
        {...(refreshMs === undefined ? {} : { refreshMs })}
        {...(alwaysOpen === undefined ? {} : { alwaysOpen })}
      />
    </>
  );
}
