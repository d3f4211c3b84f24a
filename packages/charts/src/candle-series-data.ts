// API candles → the data of the chart's four series (candles, volume, ATP, OI). Pure, so the chart class only
// hands the results to lightweight-charts.
import type { Candle } from '@fnodesk/contracts';
import type { CandlestickData, HistogramData, LineData, UTCTimestamp, WhitespaceData } from 'lightweight-charts';
import type { ChartPalette } from './chart-theme';
import { toChartTime } from './chart-time';

/** A candle as the data API returns it: `t` = start in epoch ms, prices in rupees, volume and OI in units. */
export type { Candle };

/** A point of a line that may have no value at that time (kept so every series shares the same times). */
export type LinePoint = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** One candle as the points of each series at its time. */
export interface CandlePoints {
  bar: CandlestickData<UTCTimestamp>;
  volume: HistogramData<UTCTimestamp>;
  atp: LinePoint;
  oi: LinePoint;
}

/** The data of every series for a run of candles; `oi` is null when the instrument has no open interest. */
export interface CandleSeriesData {
  bars: CandlestickData<UTCTimestamp>[];
  volume: HistogramData<UTCTimestamp>[];
  atp: LinePoint[];
  oi: LinePoint[] | null;
}

/**
 * Candles in time order with one candle per chart time (lightweight-charts rejects repeated or unordered times):
 * of candles sharing a start, the one given last wins, as a later answer is the more complete one.
 */
export function normaliseCandles(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of candles) byTime.set(toChartTime(candle.t), candle);
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, candle]) => candle);
}

/** True when any candle carries open interest (futures and options; indices and stocks have none). */
export function hasOpenInterest(candles: readonly Candle[]): boolean {
  return candles.some((candle) => candle.oi > 0);
}

/** True when any candle has traded volume (an index has none). */
export function hasVolume(candles: readonly Candle[]): boolean {
  return candles.some((candle) => candle.v > 0);
}

/** True when a candle closed at or above its open (drawn in the up colour). */
export function isUpCandle(candle: Candle): boolean {
  return candle.c >= candle.o;
}

/**
 * The series points of one candle. Volume bars take the candle's direction colour; an ATP or OI of 0 means "none"
 * (an index has no traded volume, a cash instrument no OI) and becomes a gap rather than a drop to zero.
 */
export function candlePoints(candle: Candle, palette: Readonly<ChartPalette>): CandlePoints {
  const time = toChartTime(candle.t);
  return {
    bar: { time, open: candle.o, high: candle.h, low: candle.l, close: candle.c },
    volume: { time, value: candle.v, color: isUpCandle(candle) ? palette.volumeUp : palette.volumeDown },
    atp: candle.atp > 0 ? { time, value: candle.atp } : { time },
    oi: candle.oi > 0 ? { time, value: candle.oi } : { time },
  };
}

/** The data of every series for candles already normalised by {@link normaliseCandles}. */
export function toSeriesData(candles: readonly Candle[], palette: Readonly<ChartPalette>): CandleSeriesData {
  const data: CandleSeriesData = { bars: [], volume: [], atp: [], oi: hasOpenInterest(candles) ? [] : null };
  for (const candle of candles) {
    const points = candlePoints(candle, palette);
    data.bars.push(points.bar);
    data.volume.push(points.volume);
    data.atp.push(points.atp);
    data.oi?.push(points.oi);
  }
  return data;
}

/** The index of the candle at a chart time in time-ordered candles (binary search), or -1 when none starts then. */
export function candleIndexAt(candles: readonly Candle[], time: UTCTimestamp): number {
  let low = 0;
  let high = candles.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const middleTime = toChartTime(candles[middle]!.t);
    if (middleTime === time) return middle;
    if (middleTime < time) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The index of the last candle starting at or before a chart time (binary search), or -1 when none does. */
export function candleIndexAtOrBefore(candles: readonly Candle[], time: UTCTimestamp): number {
  let low = 0;
  let high = candles.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (toChartTime(candles[middle]!.t) <= time) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}

/** The volume bars alone, e.g. to recolour them for another theme. */
export function toVolumeData(
  candles: readonly Candle[],
  palette: Readonly<ChartPalette>,
): HistogramData<UTCTimestamp>[] {
  return candles.map((candle) => candlePoints(candle, palette).volume);
}
