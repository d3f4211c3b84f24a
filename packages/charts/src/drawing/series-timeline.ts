// The instants of a series' bars, kept for placing drawing anchors that fall between or beyond bars. Reading the
// series' data copies every bar, so the instants are read once and again only after the series' data changes.
import type { ISeriesApi, SeriesType, UTCTimestamp } from 'lightweight-charts';
import { fromChartTime } from '../chart-time';
import { logicalToTime, timeToLogical } from './drawing-geometry';

/** The bar instants (epoch ms) of one series, following its data. */
export class SeriesTimeline {
  private times: number[] | null = null;

  /** Follows `series`' data until {@link SeriesTimeline.dispose}. */
  constructor(private readonly series: ISeriesApi<SeriesType>) {
    series.subscribeDataChanged(this.invalidate);
  }

  /** The bar instants in time order, epoch ms. */
  instants(): readonly number[] {
    // Charts on this site use UTCTimestamp times (see chart-time.ts); business-day strings never occur.
    this.times ??= this.series.data().map((bar) => fromChartTime(bar.time as UTCTimestamp));
    return this.times;
  }

  /** The logical position of an instant (see {@link timeToLogical}). */
  logicalOf(time: number): number | null {
    return timeToLogical(this.instants(), time);
  }

  /** The instant at a logical position (see {@link logicalToTime}). */
  timeAt(logical: number): number | null {
    return logicalToTime(this.instants(), logical);
  }

  /** Stops following the series. */
  dispose(): void {
    this.series.unsubscribeDataChanged(this.invalidate);
  }

  private readonly invalidate = (): void => {
    this.times = null;
  };
}
