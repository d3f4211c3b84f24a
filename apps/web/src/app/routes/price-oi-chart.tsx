import { PriceOiScreen } from '../../features/price-oi-chart/components/price-oi-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/price-oi-chart: one contract's price and OI with build-up. */
export function PriceOiChartRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.priceOiChart.title} />
      <PriceOiScreen {...useSnapshotScreenProps()} />
    </>
  );
}
