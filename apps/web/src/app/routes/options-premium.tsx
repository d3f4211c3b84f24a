import { OptionsPremiumScreen } from '../../features/options-premium/components/options-premium-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/options-premium: intrinsic and time value of each strike's premium. */
export function OptionsPremiumRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.optionsPremium.title} />
      <OptionsPremiumScreen {...useSnapshotScreenProps()} />
    </>
  );
}
