import { HighsLowsScreen } from '../../features/breadth/components/highs-lows-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/highs-lows: new day highs and lows per candle with the net line. */
export function HighsLowsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.highsLows.title} />
      <HighsLowsScreen {...useSnapshotScreenProps()} />
    </>
  );
}
