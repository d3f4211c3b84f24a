import { FiiIndexActivityScreen } from '../../features/fii-dii/components/fii-index-activity-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/fii-index-activity: FII activity in index futures and options. */
export function FiiIndexActivityRoute() {
  const { theme } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.fiiIndexActivity.title} />
      <FiiIndexActivityScreen theme={theme} />
    </>
  );
}
