import type { Instrument } from '@fnodesk/contracts';
import {
  CHART_PERIODS,
  DEFAULT_CHART_PERIOD,
  DEFAULT_PICKER_ROOT,
  DEFAULT_RESOLUTION,
  isExchange,
  RESOLUTIONS,
  resolutionForPeriod,
  spotInstrumentToken,
  type ChartPeriod,
  type Exchange,
  type Resolution,
} from '@fnodesk/domain';
import { z } from 'zod';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the Quick Charts preferences. */
export const QUICK_CHARTS_STORAGE_KEY = 'quick-charts';

/** The most charts the page splits its area into. */
export const MAX_CHARTS = 4;

/** The instrument a chart shows. */
export interface ChartInstrument {
  token: number;
  /** The underlying's name (NIFTY, RELIANCE). */
  name: string;
  /** What the picker shows. */
  label: string;
  /** The exchange whose sessions its candles follow. */
  exchange: Exchange;
}

/** One chart's choices. */
export interface ChartSettings {
  instrument: ChartInstrument;
  resolution: Resolution;
  period: ChartPeriod;
}

/** Everything the page remembers: one entry per chart, in screen order. */
export interface QuickChartsPreferences {
  charts: ChartSettings[];
}

/** The default instrument: NIFTY's index value. */
export const DEFAULT_CHART_INSTRUMENT: ChartInstrument = Object.freeze({
  token: spotInstrumentToken(DEFAULT_PICKER_ROOT),
  name: DEFAULT_PICKER_ROOT,
  label: DEFAULT_PICKER_ROOT,
  exchange: 'NSE',
});

/** A new chart: NIFTY at the default resolution and period (spec §9: 5m over 2D). */
export function defaultChartSettings(instrument: ChartInstrument = DEFAULT_CHART_INSTRUMENT): ChartSettings {
  return { instrument, resolution: DEFAULT_RESOLUTION, period: DEFAULT_CHART_PERIOD };
}

/** The chart instrument of a search result. */
export function chartInstrumentOf(instrument: Instrument): ChartInstrument {
  return {
    token: instrument.instrumentToken,
    name: instrument.name,
    label: instrument.displayName || instrument.tradingSymbol,
    exchange: isExchange(instrument.exchange) ? instrument.exchange : 'NSE',
  };
}

/** Settings with a new period; the resolution is raised where the period forbids it (spec §4.4). */
export function withPeriod(settings: ChartSettings, period: ChartPeriod): ChartSettings {
  return { ...settings, period, resolution: resolutionForPeriod(period, settings.resolution) };
}

const StoredChartSchema = z.object({
  instrument: z.object({
    token: z.number().int().nonnegative(),
    name: z.string().min(1),
    label: z.string().min(1),
    exchange: z.string().refine(isExchange),
  }),
  resolution: z.enum(RESOLUTIONS),
  period: z.enum(CHART_PERIODS),
});
const StoredPreferencesSchema = z.object({ charts: z.array(z.unknown()) });

/** The stored preferences; unreadable entries are dropped, and with none left the page starts with one default chart. */
export function readQuickChartsPreferences(): QuickChartsPreferences {
  const raw = readStoredItem(QUICK_CHARTS_STORAGE_KEY);
  let json: unknown = null;
  try {
    json = raw === null ? null : JSON.parse(raw);
  } catch {
    json = null;
  }
  const stored = StoredPreferencesSchema.safeParse(json);
  const charts = (stored.success ? stored.data.charts : [])
    .map((entry) => StoredChartSchema.safeParse(entry))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .map((chart) => withPeriod(chart, chart.period))
    .slice(0, MAX_CHARTS);
  return { charts: charts.length > 0 ? charts : [defaultChartSettings()] };
}

/** Stores the preferences. */
export function writeQuickChartsPreferences(preferences: QuickChartsPreferences): void {
  writeStoredItem(QUICK_CHARTS_STORAGE_KEY, JSON.stringify(preferences));
}
