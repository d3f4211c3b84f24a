import { StraddlePricesScreen } from '../../features/rolling-atm-straddle/components/straddle-prices-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/rolling-atm-straddle: every F&O stock's ATM straddle and the move it prices in. */
export function RollingAtmStraddleRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.rollingAtmStraddle.title} />
      <StraddlePricesScreen {...useSnapshotScreenProps()} />
    </>
  );
}
