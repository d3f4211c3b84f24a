import { AtmStraddlePlotScreen } from '../../features/atm-straddle-plot/components/atm-straddle-plot-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/dynamic-atm-straddle: an index's ATM straddle per candle with its strike changes marked. */
export function DynamicAtmStraddleRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.dynamicAtmStraddle.title} />
      <AtmStraddlePlotScreen kind="dynamic-atm-straddle" {...useSnapshotScreenProps()} />
    </>
  );
}

/** /pages/rolling-atm-straddle-chart: a stock's ATM straddle per candle with the spot on a second axis. */
export function RollingAtmStraddleChartRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.rollingAtmStraddleChart.title} />
      <AtmStraddlePlotScreen kind="rolling-atm-straddle-chart" {...useSnapshotScreenProps()} />
    </>
  );
}
