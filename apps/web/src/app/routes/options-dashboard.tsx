import { OptionsDashboardScreen } from '../../features/options-trends/components/options-dashboard-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/options-dashboard: the strike set's premium, OI and PCR trend through the session. */
export function OptionsDashboardRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.optionsDashboard.title} />
      <OptionsDashboardScreen {...useSnapshotScreenProps()} />
    </>
  );
}
