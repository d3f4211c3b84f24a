import { TopConstituentsScreen } from '../../features/sector/components/top-constituents-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/top-constituents: an index and the points its heaviest stocks contributed. */
export function TopConstituentsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.topConstituents.title} />
      <TopConstituentsScreen {...useSnapshotScreenProps()} />
    </>
  );
}
