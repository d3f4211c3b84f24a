import { HighsLowsHeatmapScreen } from '../../features/breadth/components/highs-lows-heatmap-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/highs-lows-heatmap: a stock × candle grid of new day highs and lows. */
export function HighsLowsHeatmapRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.highsLowsHeatmap.title} />
      <HighsLowsHeatmapScreen {...useSnapshotScreenProps()} />
    </>
  );
}
