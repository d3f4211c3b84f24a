import { DynamicOptionsAnalysisScreen } from '../../features/options-trends/components/dynamic-options-analysis-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/options-analysis: six panels of the strike set's price, OI and premium through the session. */
export function OptionsAnalysisRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.optionsAnalysis.title} />
      <DynamicOptionsAnalysisScreen {...useSnapshotScreenProps()} />
    </>
  );
}
