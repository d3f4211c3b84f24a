import {
  CHAIN_ATM_BASES,
  CHART_PERIODS,
  DEFAULT_CHART_PERIOD,
  DEFAULT_RESOLUTION,
  RESOLUTIONS,
  resolutionForPeriod,
  type ChainAtmBasis,
  type ChartPeriod,
  type Resolution,
} from '@fnodesk/domain';
import { z } from 'zod';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the page's preferences (spec §3 `option-chain`). */
export const OPTION_CHAIN_STORAGE_KEY = 'option-chain';

/** Strike count limits and default (spec §9). */
export const MIN_STRIKES = 1;
export const MAX_STRIKES = 15;
export const DEFAULT_STRIKES = 3;
/** Chart heights in pixels (spec §9): the index chart, and the strike charts' default. */
export const INDEX_CHART_HEIGHT = 450;
export const DEFAULT_STRIKE_CHART_HEIGHT = 400;
/** Height input limits: small enough for 15 strikes on a laptop, large enough for a wall screen. */
export const MIN_CHART_HEIGHT = 150;
export const MAX_CHART_HEIGHT = 1200;

/** What the index chart shows: the index value or its future (spec §2.8 Spot/Fut toggle; default fut). */
export const INDEX_INSTRUMENT_TYPES = ['spot', 'fut'] as const;
/** The index chart's instrument. */
export type IndexInstrumentType = (typeof INDEX_INSTRUMENT_TYPES)[number];

/** Everything the page remembers (field names as spec §3 lists them, `showStikeInfo` included). */
export interface OptionChainChartsPreferences {
  /** The underlying's name (NIFTY, RELIANCE); null = the picker's default (its second item). */
  instrument: string | null;
  /** `YYYY-MM-DD`; null = the first expiry. */
  expiry: string | null;
  /** How many strikes around ATM. */
  strike: number;
  /** Index chart resolution and period. */
  resolution: Resolution;
  period: ChartPeriod;
  /** Strike charts' resolution and period. */
  resolutionStrike: Resolution;
  periodStrike: ChartPeriod;
  instrumentType: IndexInstrumentType;
  atm: ChainAtmBasis;
  /** Strike chart height in pixels. */
  height: number;
  showStikeInfo: boolean;
  showLegend: boolean;
  /** True while the index chart is shown. */
  hideShow: boolean;
}

/** A first visit's preferences (spec §9 defaults). */
export const DEFAULT_PREFERENCES: Readonly<OptionChainChartsPreferences> = Object.freeze({
  instrument: null,
  expiry: null,
  strike: DEFAULT_STRIKES,
  resolution: DEFAULT_RESOLUTION,
  period: DEFAULT_CHART_PERIOD,
  resolutionStrike: DEFAULT_RESOLUTION,
  periodStrike: DEFAULT_CHART_PERIOD,
  instrumentType: 'fut',
  atm: 'Futures',
  height: DEFAULT_STRIKE_CHART_HEIGHT,
  showStikeInfo: true,
  showLegend: true,
  hideShow: true,
});

/** A strike count within 1–15 (non-numbers give the default). */
export function clampStrikes(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_STRIKES;
  return Math.min(MAX_STRIKES, Math.max(MIN_STRIKES, Math.round(value)));
}

/** A chart height within the input's limits (non-numbers give the default). */
export function clampHeight(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_STRIKE_CHART_HEIGHT;
  return Math.min(MAX_CHART_HEIGHT, Math.max(MIN_CHART_HEIGHT, Math.round(value)));
}

/** A new instrument: expiry cleared, so the first expiry is chosen again (spec §4.4). */
export function withInstrument(
  preferences: OptionChainChartsPreferences,
  instrument: string,
): OptionChainChartsPreferences {
  return { ...preferences, instrument, expiry: null };
}

/** A new index chart period; the resolution is raised where the period forbids it (spec §4.4). */
export function withIndexPeriod(
  preferences: OptionChainChartsPreferences,
  period: ChartPeriod,
): OptionChainChartsPreferences {
  return { ...preferences, period, resolution: resolutionForPeriod(period, preferences.resolution) };
}

/** A new strike chart period; the resolution is raised where the period forbids it (spec §4.4). */
export function withStrikePeriod(
  preferences: OptionChainChartsPreferences,
  periodStrike: ChartPeriod,
): OptionChainChartsPreferences {
  return {
    ...preferences,
    periodStrike,
    resolutionStrike: resolutionForPeriod(periodStrike, preferences.resolutionStrike),
  };
}

// Each field is read on its own: a bad or missing one falls back to its default without losing the rest.
const FIELD_SCHEMAS = {
  instrument: z.string().trim().min(1).max(40).nullable(),
  expiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  strike: z.number().transform(clampStrikes),
  resolution: z.enum(RESOLUTIONS),
  period: z.enum(CHART_PERIODS),
  resolutionStrike: z.enum(RESOLUTIONS),
  periodStrike: z.enum(CHART_PERIODS),
  instrumentType: z.enum(INDEX_INSTRUMENT_TYPES),
  atm: z.enum(CHAIN_ATM_BASES),
  height: z.number().transform(clampHeight),
  showStikeInfo: z.boolean(),
  showLegend: z.boolean(),
  hideShow: z.boolean(),
} satisfies { [K in keyof OptionChainChartsPreferences]: z.ZodType<OptionChainChartsPreferences[K], unknown> };

function storedObject(): Record<string, unknown> {
  const raw = readStoredItem(OPTION_CHAIN_STORAGE_KEY);
  if (raw === null) return {};
  try {
    const json: unknown = JSON.parse(raw);
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The stored preferences, each unreadable field replaced by its default; periods' resolution rules applied. */
export function readOptionChainChartsPreferences(): OptionChainChartsPreferences {
  const stored = storedObject();
  const preferences: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, schema] of Object.entries(FIELD_SCHEMAS)) {
    const parsed = (schema as z.ZodType).safeParse(stored[key]);
    if (parsed.success) preferences[key] = parsed.data;
  }
  const read = preferences as unknown as OptionChainChartsPreferences;
  return withStrikePeriod(withIndexPeriod(read, read.period), read.periodStrike);
}

/** Stores the preferences, keeping any other fields found under the key. */
export function writeOptionChainChartsPreferences(preferences: OptionChainChartsPreferences): void {
  writeStoredItem(OPTION_CHAIN_STORAGE_KEY, JSON.stringify({ ...storedObject(), ...preferences }));
}
