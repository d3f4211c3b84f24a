// One series of a live chart drawn as two lightweight-charts series: the history (every point but the last) and a
// tail (the last point; for a line, with the point before it so the line stays joined). lightweight-charts (v5)
// rebuilds a series' whole list of drawn points, and re-indexes its rows, after any change to that series, even an
// update of its last bar; with 2,000 bars per series that was most of a live tick's cost. Split this way, a live
// update changes the tail's one or two points and the history stays as it was until a new bar starts.
import type {
  DeepPartial,
  IChartApi,
  ISeriesApi,
  SeriesDataItemTypeMap,
  SeriesDefinition,
  SeriesPartialOptionsMap,
  SeriesType,
  Time,
} from 'lightweight-charts';

/** Options the history never takes: the last value's label, its price line and the title beside it are the tail's. */
const HISTORY_OVERRIDES = { lastValueVisible: false, priceLineVisible: false, title: '' } as const;

/** Where each point of `count` goes: the history's points end before `historyEnd`, the tail's start at `tailStart`. */
export function liveTailSplit(count: number, joined: boolean): { historyEnd: number; tailStart: number } {
  const historyEnd = Math.max(0, count - 1);
  return { historyEnd, tailStart: Math.max(0, joined ? count - 2 : count - 1) };
}

/** A series shown as a history series and a tail series over the same price scale (see the file's header). */
export class LiveTailSeries<T extends SeriesType> {
  /** Every point but the last. */
  readonly history: ISeriesApi<T>;
  /** The last point (and, for a joined line, the one before it). */
  readonly tail: ISeriesApi<T>;
  /** The tail's points as last given. */
  private tailPoints: Array<SeriesDataItemTypeMap<Time>[T]> = [];

  /**
   * Adds both series to `chart` in `paneIndex`; `joined` (lines) repeats the history's last point at the head of
   * the tail so no gap shows between them.
   */
  constructor(
    chart: IChartApi,
    definition: SeriesDefinition<T>,
    options: SeriesPartialOptionsMap[T],
    private readonly joined: boolean,
    paneIndex?: number,
  ) {
    this.history = chart.addSeries(definition, historyOptions(options), paneIndex);
    this.tail = chart.addSeries(definition, options, paneIndex);
  }

  /** Replaces every point (time order, one per time). */
  setData(points: ReadonlyArray<SeriesDataItemTypeMap<Time>[T]>): void {
    const { historyEnd, tailStart } = liveTailSplit(points.length, this.joined);
    this.history.setData(points.slice(0, historyEnd));
    this.tailPoints = points.slice(tailStart);
    this.tail.setData(this.tailPoints);
  }

  /**
   * Replaces the last point (same time) or adds one after it (a later time): only a new point moves the last one
   * into the history. An earlier time throws, as lightweight-charts' update does.
   */
  update(point: SeriesDataItemTypeMap<Time>[T]): void {
    const last = this.tailPoints.at(-1);
    if (last === undefined || last.time === point.time) {
      this.tail.update(point);
      this.tailPoints = this.tailPoints.length === 0 ? [point] : [...this.tailPoints.slice(0, -1), point];
      return;
    }
    // Charts on this site use UTCTimestamp times (see chart-time.ts).
    const [lastTime, time] = [last.time as number, point.time as number];
    if (time < lastTime) throw new Error(`Cannot update oldest data, last time=${lastTime}, new time=${time}`);
    this.history.update(last);
    this.tailPoints = this.joined ? [last, point] : [point];
    this.tail.setData(this.tailPoints);
  }

  /** Applies options to both (the last value's label, price line and title to the tail only). */
  applyOptions(options: SeriesPartialOptionsMap[T]): void {
    this.history.applyOptions(historyOptions(options));
    this.tail.applyOptions(options);
  }

  /** Removes both series from `chart`. */
  remove(chart: IChartApi): void {
    chart.removeSeries(this.history);
    chart.removeSeries(this.tail);
    this.tailPoints = [];
  }
}

function historyOptions<T extends SeriesType>(options: SeriesPartialOptionsMap[T]): SeriesPartialOptionsMap[T] {
  // Every series' options include these three (lightweight-charts' SeriesOptionsCommon).
  return { ...options, ...HISTORY_OVERRIDES } as DeepPartial<typeof options> as SeriesPartialOptionsMap[T];
}
