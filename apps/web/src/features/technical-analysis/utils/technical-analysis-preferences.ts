// What the Advance Chart page remembers, under the spec's local-storage key `technical-analysis` with its fields
// `chartView` (the split layout, e.g. '3C') and `mts` (multi-timeframe on or off), plus each pane's instrument and
// resolution and the indicators shown, so a reload shows the same screen.
import { INDICATOR_KINDS, type IndicatorKind } from '@fnodesk/charts/drawing';
import type { Instrument } from '@fnodesk/contracts';
import { DEFAULT_PICKER_ROOT, isExchange, spotInstrumentToken, type Exchange } from '@fnodesk/domain';
import { z } from 'zod';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { DEFAULT_LAYOUT_ID, MAX_PANES, SPLIT_LAYOUTS } from './split-layouts';

/** The spec's local-storage key. */
export const TECHNICAL_ANALYSIS_STORAGE_KEY = 'technical-analysis';

/** The resolutions a pane offers. */
export const PANE_RESOLUTIONS = ['1m', '3m', '5m', '15m', '30m', '1h', '1D'] as const;
/** A pane's resolution. */
export type PaneResolution = (typeof PANE_RESOLUTIONS)[number];

/** The instrument a pane shows. */
export interface PaneInstrument {
  token: number;
  name: string;
  label: string;
  exchange: Exchange;
}

/** One pane's choices. */
export interface PaneSettings {
  instrument: PaneInstrument;
  resolution: PaneResolution;
}

/** Everything the page remembers. */
export interface TechnicalAnalysisPreferences {
  chartView: string;
  mts: boolean;
  /** Always six: switching to fewer panes keeps the others' choices for later. */
  panes: PaneSettings[];
  indicators: IndicatorKind[];
}

const NIFTY: PaneInstrument = Object.freeze({
  token: spotInstrumentToken(DEFAULT_PICKER_ROOT),
  name: DEFAULT_PICKER_ROOT,
  label: DEFAULT_PICKER_ROOT,
  exchange: 'NSE',
});
/** Each pane's first timeframe: with MTF on, pane 1's instrument at these. */
const DEFAULT_RESOLUTIONS: readonly PaneResolution[] = ['5m', '15m', '1h', '1D', '1m', '30m'];

/** The first visit: two NIFTY charts side by side, MTF off, no indicators. */
export function defaultTechnicalAnalysisPreferences(): TechnicalAnalysisPreferences {
  return {
    chartView: DEFAULT_LAYOUT_ID,
    mts: false,
    panes: DEFAULT_RESOLUTIONS.map((resolution) => ({ instrument: NIFTY, resolution })),
    indicators: [],
  };
}

const PaneSchema = z.object({
  instrument: z.object({
    token: z.number().int().nonnegative(),
    name: z.string().min(1),
    label: z.string().min(1),
    exchange: z.string().refine(isExchange),
  }),
  resolution: z.enum(PANE_RESOLUTIONS),
});
const StoredSchema = z.object({
  chartView: z.string().refine((id) => SPLIT_LAYOUTS.some((layout) => layout.id === id)),
  mts: z.boolean(),
  panes: z.array(z.unknown()).optional(),
  indicators: z.array(z.unknown()).optional(),
});

/** The stored preferences; unreadable parts fall back to the defaults. */
export function readTechnicalAnalysisPreferences(): TechnicalAnalysisPreferences {
  const defaults = defaultTechnicalAnalysisPreferences();
  let json: unknown = null;
  try {
    json = JSON.parse(readStoredItem(TECHNICAL_ANALYSIS_STORAGE_KEY) ?? 'null');
  } catch {
    return defaults;
  }
  const stored = StoredSchema.safeParse(json);
  if (!stored.success) return defaults;
  const panes = defaults.panes.map((fallback, i) => {
    const parsed = PaneSchema.safeParse(stored.data.panes?.[i]);
    return parsed.success ? parsed.data : fallback;
  });
  const indicators = INDICATOR_KINDS.filter((kind) => (stored.data.indicators ?? []).includes(kind));
  return { chartView: stored.data.chartView, mts: stored.data.mts, panes: panes.slice(0, MAX_PANES), indicators };
}

/** Stores the preferences. */
export function writeTechnicalAnalysisPreferences(preferences: TechnicalAnalysisPreferences): void {
  writeStoredItem(TECHNICAL_ANALYSIS_STORAGE_KEY, JSON.stringify(preferences));
}

/** The instrument each pane shows: with MTF on, every pane shows pane 1's. */
export function paneInstruments(preferences: TechnicalAnalysisPreferences): PaneInstrument[] {
  const first = preferences.panes[0]!.instrument;
  return preferences.panes.map((pane) => (preferences.mts ? first : pane.instrument));
}

/** The pane instrument of a search result. */
export function paneInstrumentOf(instrument: Instrument): PaneInstrument {
  return {
    token: instrument.instrumentToken,
    name: instrument.name,
    label: instrument.displayName || instrument.tradingSymbol,
    exchange: isExchange(instrument.exchange) ? instrument.exchange : 'NSE',
  };
}
