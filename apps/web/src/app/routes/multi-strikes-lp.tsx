import { MultiStrikeScreen } from '../../features/multi-strikes/components/multi-strike-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/multi-strikes/lp: the chosen strikes through the session. */
export function MultiStrikesLpRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.multiStrikesLp.title} />
      <MultiStrikeScreen kind="lp" {...useSnapshotScreenProps()} />
    </>
  );
}
