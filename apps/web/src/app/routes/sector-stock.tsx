import { SectorStockScreen } from '../../features/sector/components/sector-stock-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/sector-stock: NSE sector indices, their constituents and a treemap. */
export function SectorStockRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.sectorStock.title} />
      <SectorStockScreen {...useSnapshotScreenProps()} />
    </>
  );
}
