import { TechnicalAnalysisScreen } from '../../features/technical-analysis/components/technical-analysis-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/technical-analysis: the Advance Chart with split screens. */
export function TechnicalAnalysisRoute() {
  const { theme, refreshMs, alwaysOpen } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.technicalAnalysis.title} />
      <TechnicalAnalysisScreen
        theme={theme}
        {...(refreshMs === undefined ? {} : { refreshMs })}
        {...(alwaysOpen === undefined ? {} : { alwaysOpen })}
      />
    </>
  );
}
