// Indicators as chart lines: which indicators the Advance Chart offers, their default settings and colours, and
// the line data of each, computed by @fnodesk/domain from the candles. Pure, so the chart only hands lines over.
import type { Candle } from '@fnodesk/contracts';
import {
  BOLLINGER_DEFAULTS,
  MACD_DEFAULTS,
  RSI_DEFAULT_PERIOD,
  SUPERTREND_DEFAULTS,
  bollingerBands,
  ema,
  macd,
  rsi,
  sma,
  supertrend,
  vwap,
} from '@fnodesk/domain';
import type { LineData, UTCTimestamp, WhitespaceData } from 'lightweight-charts';
import type { ChartTheme } from '../chart-theme';
import { toChartTime } from '../chart-time';

/**
 * The indicators, in menu order: ATP/VWAP, EMA, SMA, Bollinger Bands, Supertrend (price pane), then RSI, MACD and
 * open interest, each in a pane of its own below.
 */
export const INDICATOR_KINDS = ['vwap', 'ema', 'sma', 'bollinger', 'supertrend', 'rsi', 'macd', 'oi'] as const;
/** An indicator. */
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/** The settings of each indicator. */
export interface IndicatorSettings {
  ema: { period: number };
  sma: { period: number };
  bollinger: { period: number; k: number };
  rsi: { period: number };
}

/** Common defaults: EMA 20, SMA 50, Bollinger 20 / 2, RSI 14. VWAP has no setting (it restarts each session). */
export const DEFAULT_INDICATOR_SETTINGS: Readonly<IndicatorSettings> = Object.freeze({
  ema: { period: 20 },
  sma: { period: 50 },
  bollinger: { period: BOLLINGER_DEFAULTS.period, k: BOLLINGER_DEFAULTS.k },
  rsi: { period: RSI_DEFAULT_PERIOD },
});

/** Overbought and oversold levels drawn on the RSI pane. */
export const RSI_LEVELS = [70, 30] as const;

/** A point of an indicator line; a time without a value (the warm-up) is a gap. */
export type IndicatorPoint = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** One line of an indicator, with its name on the scale and its colour. */
export interface IndicatorLine {
  /** Stable key of the line within the chart, e.g. 'bollinger-upper'. */
  key: string;
  title: string;
  colour: string;
  /** Dashed lines (the Bollinger middle) recede behind solid ones. */
  dashed: boolean;
  points: IndicatorPoint[];
}

/** Colours of the indicator lines per theme (chosen apart from the candles' green and red and from each other). */
export const INDICATOR_COLOURS: Readonly<Record<ChartTheme, Readonly<Record<IndicatorKind, string>>>> = Object.freeze({
  light: Object.freeze({
    vwap: '#e8590c',
    ema: '#1971c2',
    sma: '#f08c00',
    bollinger: '#7048e8',
    supertrend: '#0b7285',
    rsi: '#9c36b5',
    macd: '#1864ab',
    oi: '#5c940d',
  }),
  dark: Object.freeze({
    vwap: '#ffa94d',
    ema: '#4dabf7',
    sma: '#ffd43b',
    bollinger: '#9775fa',
    supertrend: '#3bc9db',
    rsi: '#da77f2',
    macd: '#74c0fc',
    oi: '#a9e34b',
  }),
});

/** The human name of an indicator, as menus show it. */
export function indicatorName(
  kind: IndicatorKind,
  settings: Readonly<IndicatorSettings> = DEFAULT_INDICATOR_SETTINGS,
): string {
  switch (kind) {
    case 'vwap':
      return 'ATP/VWAP';
    case 'ema':
      return `EMA ${settings.ema.period}`;
    case 'sma':
      return `SMA ${settings.sma.period}`;
    case 'bollinger':
      return `Bollinger ${settings.bollinger.period}, ${settings.bollinger.k}`;
    case 'supertrend':
      return `Supertrend ${SUPERTREND_DEFAULTS.period}, ${SUPERTREND_DEFAULTS.multiplier}`;
    case 'rsi':
      return `RSI ${settings.rsi.period}`;
    case 'macd':
      return `MACD ${MACD_DEFAULTS.fast}, ${MACD_DEFAULTS.slow}, ${MACD_DEFAULTS.signal}`;
    case 'oi':
      return 'OI';
  }
}

/** Colours of a Supertrend line while the trend is up and down. */
const SUPERTREND_TREND_COLOURS: Readonly<Record<ChartTheme, { up: string; down: string }>> = {
  light: { up: '#2f9e44', down: '#e03131' },
  dark: { up: '#51cf66', down: '#ff6b6b' },
};

/** True for indicators drawn in a pane of their own rather than over the candles. */
export function hasOwnPane(kind: IndicatorKind): boolean {
  return kind === 'rsi' || kind === 'macd' || kind === 'oi';
}

/** One line of an indicator as values aligned with the candles, before they become chart points. */
interface IndicatorValues {
  key: string;
  title: string;
  colour: string;
  dashed: boolean;
  values: readonly number[];
  /** A colour per point (Supertrend's follows the trend), if the line has one. */
  pointColour?: (index: number) => string;
}

// The values of each line of an indicator: every line's value at a candle depends only on that candle and the ones
// before it, so the last point of each line can be taken from here without building the others.
function indicatorValues(
  kind: IndicatorKind,
  candles: readonly Candle[],
  theme: ChartTheme,
  settings: Readonly<IndicatorSettings>,
): IndicatorValues[] {
  const colour = INDICATOR_COLOURS[theme][kind];
  const closes = (): number[] => candles.map((candle) => candle.c);
  const line = (key: string, title: string, values: readonly number[], dashed = false): IndicatorValues => ({
    key,
    title,
    colour,
    dashed,
    values,
  });
  switch (kind) {
    case 'vwap':
      return [line('vwap', 'VWAP', vwap(candles))];
    case 'ema':
      return [line('ema', indicatorName('ema', settings), ema(closes(), settings.ema.period))];
    case 'sma':
      return [line('sma', indicatorName('sma', settings), sma(closes(), settings.sma.period))];
    case 'bollinger': {
      const bands = bollingerBands(closes(), settings.bollinger.period, settings.bollinger.k);
      return [
        line('bollinger-upper', 'BB upper', bands.upper),
        line('bollinger-middle', 'BB basis', bands.middle, true),
        line('bollinger-lower', 'BB lower', bands.lower),
      ];
    }
    case 'supertrend': {
      const trend = supertrend(candles);
      const colours = SUPERTREND_TREND_COLOURS[theme];
      return [
        {
          ...line('supertrend', indicatorName('supertrend'), trend.line),
          pointColour: (i) => (trend.direction[i] === 1 ? colours.up : colours.down),
        },
      ];
    }
    case 'rsi':
      return [line('rsi', indicatorName('rsi', settings), rsi(closes(), settings.rsi.period))];
    case 'macd': {
      const lines = macd(closes());
      return [line('macd', 'MACD', lines.macd), line('macd-signal', 'Signal', lines.signal, true)];
    }
    case 'oi':
      // Indices and stocks carry no OI: their zeros are gaps, not a flat line.
      return [
        line(
          'oi',
          'OI',
          candles.map((candle) => (candle.oi > 0 ? candle.oi : Number.NaN)),
        ),
      ];
  }
}

/** The lines of one indicator over time-ordered candles. */
export function indicatorLines(
  kind: IndicatorKind,
  candles: readonly Candle[],
  theme: ChartTheme,
  settings: Readonly<IndicatorSettings> = DEFAULT_INDICATOR_SETTINGS,
): IndicatorLine[] {
  const times = candles.map((candle) => toChartTime(candle.t));
  return indicatorValues(kind, candles, theme, settings).map(({ key, title, colour, dashed, values, pointColour }) => {
    const points = toPoints(times, values);
    return {
      key,
      title,
      colour,
      dashed,
      points:
        pointColour === undefined
          ? points
          : points.map((point, i) => ('value' in point ? { ...point, color: pointColour(i) } : point)),
    };
  });
}

/**
 * The last point of each line of one indicator (keyed as {@link indicatorLines} keys the lines), the same as the
 * last of the full lines, without building the points before it: what a live candle changes.
 */
export function indicatorLastPoints(
  kind: IndicatorKind,
  candles: readonly Candle[],
  theme: ChartTheme,
  settings: Readonly<IndicatorSettings> = DEFAULT_INDICATOR_SETTINGS,
): Array<{ key: string; point: IndicatorPoint }> {
  const last = candles.at(-1);
  if (last === undefined) return [];
  const time = toChartTime(last.t);
  const index = candles.length - 1;
  return indicatorValues(kind, candles, theme, settings).map(({ key, values, pointColour }) => {
    const [point] = toPoints([time], [values[index] ?? Number.NaN]);
    return {
      key,
      point: pointColour !== undefined && 'value' in point! ? { ...point, color: pointColour(index) } : point!,
    };
  });
}

/** Values aligned with times as line points; NaN (no value yet) becomes a gap. */
export function toPoints(times: readonly UTCTimestamp[], values: readonly number[]): IndicatorPoint[] {
  return times.map((time, i) => {
    const value = values[i];
    return value === undefined || !Number.isFinite(value) ? { time } : { time, value };
  });
}
