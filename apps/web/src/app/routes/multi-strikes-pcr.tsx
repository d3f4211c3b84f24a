import { MultiStrikeScreen } from '../../features/multi-strikes/components/multi-strike-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/multi-strikes/pcr: the chosen strikes through the session. */
export function MultiStrikesPcrRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.multiStrikesPcr.title} />
      <MultiStrikeScreen kind="pcr" {...useSnapshotScreenProps()} />
    </>
  );
}
