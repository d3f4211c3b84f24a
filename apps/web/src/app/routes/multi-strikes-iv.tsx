import { MultiStrikeScreen } from '../../features/multi-strikes/components/multi-strike-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/multi-strikes/iv: the chosen strikes' implied volatility through the session. */
export function MultiStrikesIvRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.multiStrikesIv.title} />
      <MultiStrikeScreen kind="iv" {...useSnapshotScreenProps()} />
    </>
  );
}
