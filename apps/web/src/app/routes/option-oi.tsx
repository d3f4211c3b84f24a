import { OptionOiScreen } from '../../features/option-oi/components/option-oi-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/option-OI: open interest by strike and its change over a window. */
export function OptionOiRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.optionOi.title} />
      <OptionOiScreen {...useSnapshotScreenProps()} />
    </>
  );
}
