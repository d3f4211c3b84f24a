// The instants of a series' bars, kept for placing drawing anchors that fall between or beyond bars. Reading the
// series' data copies every bar, so the instants are read once and again only after the series' data changes. A
// live chart may hold its last bar in a tail series of its own (see LiveTailSeries): its bars follow the series'.
import type { ISeriesApi, SeriesType, UTCTimestamp } from 'lightweight-charts';
import { fromChartTime } from '../chart-time';
import { logicalToTime, timeToLogical } from './drawing-geometry';

/** The bar instants (epoch ms) of one series, following its data. */
export class SeriesTimeline {
  private times: number[] | null = null;
  private tailTimes: number[] | null = null;
  private joined: number[] | null = null;

  /** Follows `series`' data (and `tail`'s, whose bars come after it) until {@link SeriesTimeline.dispose}. */
  constructor(
    private readonly series: ISeriesApi<SeriesType>,
    private readonly tail?: ISeriesApi<SeriesType>,
  ) {
    series.subscribeDataChanged(this.invalidate);
    tail?.subscribeDataChanged(this.invalidateTail);
  }

  /** The bar instants in time order, epoch ms. */
  instants(): readonly number[] {
    // Charts on this site use UTCTimestamp times (see chart-time.ts); business-day strings never occur.
    this.times ??= this.series.data().map((bar) => fromChartTime(bar.time as UTCTimestamp));
    if (this.tail === undefined) return this.times;
    this.tailTimes ??= this.tail.data().map((bar) => fromChartTime(bar.time as UTCTimestamp));
    if (this.joined === null) {
      const last = this.times.at(-1) ?? Number.NEGATIVE_INFINITY;
      const after = this.tailTimes.filter((time) => time > last);
      this.joined = after.length === 0 ? this.times : [...this.times, ...after];
    }
    return this.joined;
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
    this.tail?.unsubscribeDataChanged(this.invalidateTail);
  }

  private readonly invalidate = (): void => {
    this.times = null;
    this.joined = null;
  };

  private readonly invalidateTail = (): void => {
    this.tailTimes = null;
    this.joined = null;
  };
}
