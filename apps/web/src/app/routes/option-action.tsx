import { OptionActionScreen } from '../../features/option-action/components/option-action-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/option-action: price, volume, OI and OI change of calls and puts by strike. */
export function OptionActionRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.optionAction.title} />
      <OptionActionScreen {...useSnapshotScreenProps()} />
    </>
  );
}
