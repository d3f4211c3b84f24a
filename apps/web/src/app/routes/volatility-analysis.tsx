import { VolatilityAnalysisScreen } from '../../features/volatility-analysis/components/volatility-analysis-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/volatality-analysis: the smile, ATM IV over the year against India VIX, and the term structure. */
export function VolatilityAnalysisRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.volatilityAnalysis.title} />
      <VolatilityAnalysisScreen {...useSnapshotScreenProps()} />
    </>
  );
}
