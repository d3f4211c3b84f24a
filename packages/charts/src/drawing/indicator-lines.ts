// Indicators as chart lines: which indicators the Advance Chart offers, their default settings and colours, and
// the line data of each, computed by @fnodesk/domain from the candles. Pure, so the chart only hands lines over.
import type { Candle } from '@fnodesk/contracts';
import {
  BOLLINGER_DEFAULTS,
  MACD_DEFAULTS,
  RSI_DEFAULT_PERIOD,
  SUPERTREND_DEFAULTS,
  bollingerStepper,
  emaStepper,
  macdStepper,
  rsiStepper,
  smaStepper,
  supertrendStepper,
  vwapStepper,
  type IndicatorStepper,
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

/** One line of an indicator with its colour (the legend names the indicator). */
export interface IndicatorLine {
  /** Stable key of the line within the chart, e.g. 'bollinger-upper'. */
  key: string;
  colour: string;
  /** Dashed lines (the Bollinger middle) recede behind solid ones. */
  dashed: boolean;
  /** Values aligned with the candles (index i belongs to candle i); NaN during the warm-up. */
  values: number[];
  /** A colour per value (Supertrend's follows its trend), or null when the line has one colour. */
  colours: string[] | null;
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

/** One line of an indicator: which of its stepper's values it draws. */
interface LineDefinition {
  key: string;
  dashed: boolean;
}

/** An indicator as a stepper over candles: its value at a candle is every line's value there, in `lines` order. */
interface IndicatorDefinition {
  lines: readonly LineDefinition[];
  stepper(): IndicatorStepper<Candle, readonly number[]>;
  /** A colour per point from the values at it (Supertrend's follows its trend), if the lines have one. */
  pointColour?: (values: readonly number[]) => string;
}

/** A stepper over candles made of one over what it reads of each candle, giving its value as the lines' values. */
function overCandles<In, Out>(
  inner: IndicatorStepper<In, Out>,
  read: (candle: Candle) => In,
  values: (out: Out) => readonly number[],
): IndicatorStepper<Candle, readonly number[]> {
  return {
    next: (candle) => values(inner.next(read(candle))),
    fork: () => overCandles(inner.fork(), read, values),
  };
}

const close = (candle: Candle): number => candle.c;
const itself = (candle: Candle): Candle => candle;
const single = (value: number): readonly number[] => [value];

// Every line's value at a candle depends only on that candle and the ones before it, so each indicator is a stepper:
// the whole lines step through the candles, a live candle is one step on a fork of the closed candles' stepper.
function indicatorDefinition(
  kind: IndicatorKind,
  theme: ChartTheme,
  settings: Readonly<IndicatorSettings>,
): IndicatorDefinition {
  const line = (key: string, dashed = false): LineDefinition => ({ key, dashed });
  switch (kind) {
    case 'vwap':
      return { lines: [line('vwap')], stepper: () => overCandles(vwapStepper(), itself, single) };
    case 'ema':
      return {
        lines: [line('ema')],
        stepper: () => overCandles(emaStepper(settings.ema.period), close, single),
      };
    case 'sma':
      return {
        lines: [line('sma')],
        stepper: () => overCandles(smaStepper(settings.sma.period), close, single),
      };
    case 'bollinger':
      return {
        lines: [line('bollinger-upper'), line('bollinger-middle', true), line('bollinger-lower')],
        stepper: () =>
          overCandles(bollingerStepper(settings.bollinger.period, settings.bollinger.k), close, (bands) => [
            bands.upper,
            bands.middle,
            bands.lower,
          ]),
      };
    case 'supertrend': {
      const colours = SUPERTREND_TREND_COLOURS[theme];
      return {
        lines: [line('supertrend')],
        stepper: () => overCandles(supertrendStepper(), itself, (trend) => [trend.line, trend.direction]),
        pointColour: ([, direction]) => (direction === 1 ? colours.up : colours.down),
      };
    }
    case 'rsi':
      return {
        lines: [line('rsi')],
        stepper: () => overCandles(rsiStepper(settings.rsi.period), close, single),
      };
    case 'macd':
      return {
        lines: [line('macd'), line('macd-signal', true)],
        stepper: () => overCandles(macdStepper(), close, (point) => [point.macd, point.signal]),
      };
    case 'oi': {
      // Indices and stocks carry no OI: their zeros are gaps, not a flat line.
      const oi: IndicatorStepper<Candle, readonly number[]> = {
        next: (candle) => [candle.oi > 0 ? candle.oi : Number.NaN],
        fork: () => oi,
      };
      return { lines: [line('oi')], stepper: () => oi };
    }
  }
}

/** A line point at `time`: a gap when the value is not finite, coloured when a colour is given. */
export function pointAt(time: UTCTimestamp, value: number, colour: string | null): IndicatorPoint {
  if (!Number.isFinite(value)) return { time };
  return colour === null ? { time, value } : { time, value, color: colour };
}

/** A line's values as chart points at the candles' times. */
export function linePoints(line: IndicatorLine, candles: readonly Candle[]): IndicatorPoint[] {
  return candles.map((candle, i) => pointAt(toChartTime(candle.t), line.values[i]!, line.colours?.[i] ?? null));
}

/** An indicator's lines over candles, and its live form: the last values as the forming candle changes. */
export interface IndicatorSeries {
  lines: IndicatorLine[];
  live: LiveIndicator;
}

/** The lines of one indicator over time-ordered candles, with the live form that continues them. */
export function indicatorSeries(
  kind: IndicatorKind,
  candles: readonly Candle[],
  theme: ChartTheme,
  settings: Readonly<IndicatorSettings> = DEFAULT_INDICATOR_SETTINGS,
): IndicatorSeries {
  const definition = indicatorDefinition(kind, theme, settings);
  const colour = INDICATOR_COLOURS[theme][kind];
  const { pointColour } = definition;
  const lines: IndicatorLine[] = definition.lines.map(({ key, dashed }) => ({
    key,
    colour,
    dashed,
    values: new Array<number>(candles.length),
    colours: pointColour === undefined ? null : new Array<string>(candles.length),
  }));
  const stepper = definition.stepper();
  let closed = stepper;
  for (let i = 0; i < candles.length; i += 1) {
    // The live form starts from the candles before the last (the last may still be forming).
    if (i === candles.length - 1) closed = stepper.fork();
    const values = stepper.next(candles[i]!);
    const pointColours = pointColour?.(values);
    lines.forEach((line, j) => {
      line.values[i] = values[j]!;
      if (line.colours !== null) line.colours[i] = pointColours!;
    });
  }
  return { lines, live: new LiveIndicator(definition, closed, Math.max(0, candles.length - 1)) };
}

/** The lines of one indicator over time-ordered candles. */
export function indicatorLines(
  kind: IndicatorKind,
  candles: readonly Candle[],
  theme: ChartTheme,
  settings: Readonly<IndicatorSettings> = DEFAULT_INDICATOR_SETTINGS,
): IndicatorLine[] {
  return indicatorSeries(kind, candles, theme, settings).lines;
}

/**
 * One indicator kept up with a live chart: the stepper holds the closed candles (all but the last), and the last
 * candle is tried on a fork of it, so a tick costs one step rather than the whole history. The candles it is given
 * must extend the ones it was made from: a new history makes a new one ({@link indicatorSeries}).
 */
export class LiveIndicator {
  constructor(
    private readonly definition: IndicatorDefinition,
    private readonly stepper: IndicatorStepper<Candle, readonly number[]>,
    /** How many candles the stepper has taken. */
    private closed: number,
  ) {}

  /**
   * The last value of each line (keyed as the lines are), with its colour when the line colours its points: the
   * same as the full lines' last over `candles`, and what a live candle changes. Candles that closed since the last
   * call are taken into the stepper first.
   */
  lastValues(candles: readonly Candle[]): Array<{ key: string; value: number; colour: string | null }> {
    const last = candles.at(-1);
    if (last === undefined) return [];
    while (this.closed < candles.length - 1) this.stepper.next(candles[this.closed++]!);
    const values = this.stepper.fork().next(last);
    const colour = this.definition.pointColour?.(values) ?? null;
    return this.definition.lines.map(({ key }, j) => ({ key, value: values[j]!, colour }));
  }
}
