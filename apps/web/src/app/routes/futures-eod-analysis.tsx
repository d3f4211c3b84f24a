import { FuturesEodAnalysisScreen } from '../../features/futures-eod/components/futures-eod-analysis-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /pages/futures-eod-analysis: every F&O underlying's session from the end-of-day files, with the EOD chips. */
export function FuturesEodAnalysisRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.futuresEodAnalysis.title} />
      <FuturesEodAnalysisScreen historyPath={paths.futuresEod} />
    </>
  );
}
