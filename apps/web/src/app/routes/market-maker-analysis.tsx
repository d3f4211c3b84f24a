import { MarketMakerAnalysisScreen } from '../../features/market-maker-analysis/components/market-maker-analysis-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/market-maker-analysis: dealer gamma exposure by strike and over the day. */
export function MarketMakerAnalysisRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.marketMakerAnalysis.title} />
      <MarketMakerAnalysisScreen {...useSnapshotScreenProps()} />
    </>
  );
}
