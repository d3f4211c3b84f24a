import { PcrOiTrendScreen } from '../../features/options-trends/components/pcr-oi-trend-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/open-interest-analysis: an expiry's total OI, PCR and OI trend through the session. */
export function OpenInterestAnalysisRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.openInterestAnalysis.title} />
      <PcrOiTrendScreen {...useSnapshotScreenProps()} />
    </>
  );
}
