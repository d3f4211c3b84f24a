// The Advance Chart page's choices, kept in localStorage under 'option-chain-tv' (next to the Option Chain Charts
// page's 'option-chain', spec §3) so both pages remember their own settings. Defaults follow spec §9: resolution 5m,
// period 2D, 3 strikes, ATM basis Futures, strike charts 400 px high.
import {
  DEFAULT_INDICATOR_SETTINGS,
  INDICATOR_KINDS,
  type IndicatorKind,
  type IndicatorSettings,
} from '@fnodesk/charts/drawing';
import {
  CHAIN_ATM_BASES,
  CHART_PERIODS,
  DEFAULT_CHART_PERIOD,
  DEFAULT_RESOLUTION,
  isResolution,
  resolutionForPeriod,
  resolutionsForPeriod,
  type ChartPeriod,
  type ChainAtmBasis,
  type Resolution,
} from '@fnodesk/domain';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** Where the page's choices are stored. */
export const ADVANCE_CHART_STORAGE_KEY = 'option-chain-tv';

/** Strikes shown around ATM: 1 to 15 (spec §9). */
export const MIN_STRIKES = 1;
export const MAX_STRIKES = 15;
/** Indicator periods, in candles. */
export const MIN_INDICATOR_PERIOD = 2;
export const MAX_INDICATOR_PERIOD = 200;
/** Bollinger Bands' width limits, in standard deviations. */
export const MIN_BOLLINGER_K = 0.5;
export const MAX_BOLLINGER_K = 4;
/** Chart height limits in pixels. */
export const MIN_HEIGHT = 200;
export const MAX_HEIGHT = 900;

/** What the page remembers. */
export interface AdvanceChartPreferences {
  /** Underlying name (e.g. NIFTY); null until the user picks one (the page then uses the list's second). */
  instrument: string | null;
  /** Expiry date (YYYY-MM-DD); null: the first listed. */
  expiry: string | null;
  strike: number;
  atm: ChainAtmBasis;
  resolution: Resolution;
  period: ChartPeriod;
  /** Height of each chart in pixels. */
  height: number;
  indicators: IndicatorKind[];
  /** Indicator periods (and the Bollinger width). */
  settings: IndicatorSettings;
}

/** The defaults (spec §9). */
export const DEFAULT_ADVANCE_CHART_PREFERENCES: Readonly<AdvanceChartPreferences> = Object.freeze({
  instrument: null,
  expiry: null,
  strike: 3,
  atm: 'Futures',
  resolution: DEFAULT_RESOLUTION,
  period: DEFAULT_CHART_PERIOD,
  height: 400,
  indicators: [],
  settings: DEFAULT_INDICATOR_SETTINGS,
});

/** The stored choices, each invalid or missing one replaced by its default. */
export function readAdvanceChartPreferences(): AdvanceChartPreferences {
  return parseAdvanceChartPreferences(readStoredItem(ADVANCE_CHART_STORAGE_KEY));
}

/** Stores the choices. */
export function writeAdvanceChartPreferences(preferences: AdvanceChartPreferences): void {
  writeStoredItem(ADVANCE_CHART_STORAGE_KEY, JSON.stringify(preferences));
}

/** Reads stored text leniently: a broken or hand-edited store falls back field by field to the defaults. */
export function parseAdvanceChartPreferences(text: string | null): AdvanceChartPreferences {
  const d = DEFAULT_ADVANCE_CHART_PREFERENCES;
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = text === null ? null : JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) stored = value as Record<string, unknown>;
  } catch {
    // Unreadable store: the defaults.
  }
  const storedText = (key: string) => (typeof stored[key] === 'string' && stored[key] !== '' ? stored[key] : null);
  const period = (CHART_PERIODS as readonly string[]).includes(String(stored['period']))
    ? (stored['period'] as ChartPeriod)
    : d.period;
  const resolution =
    typeof stored['resolution'] === 'string' && isResolution(stored['resolution'])
      ? stored['resolution']
      : d.resolution;
  const indicators = Array.isArray(stored['indicators'])
    ? INDICATOR_KINDS.filter((kind) => (stored['indicators'] as unknown[]).includes(kind))
    : [...d.indicators];
  return withPeriod(
    {
      instrument: storedText('instrument'),
      expiry: storedText('expiry'),
      strike: wholeIn(stored['strike'], MIN_STRIKES, MAX_STRIKES) ?? d.strike,
      atm: (CHAIN_ATM_BASES as readonly string[]).includes(stored['atm'] as string)
        ? (stored['atm'] as ChainAtmBasis)
        : d.atm,
      resolution,
      period,
      height: wholeIn(stored['height'], MIN_HEIGHT, MAX_HEIGHT) ?? d.height,
      indicators,
      settings: parseIndicatorSettings(stored['settings']),
    },
    period,
  );
}

/**
 * The choices with another period; spec §4.4: the period restricts resolutions (5D removes 1m and 3m and raises
 * anything up to 5m to 5m; 1M removes up to 5m and raises anything up to 15m to 15m).
 */
export function withPeriod(preferences: AdvanceChartPreferences, period: ChartPeriod): AdvanceChartPreferences {
  const forced = resolutionForPeriod(period, preferences.resolution);
  const resolution = resolutionsForPeriod(period).includes(forced) ? forced : DEFAULT_RESOLUTION;
  return { ...preferences, period, resolution };
}

/** The choices with another instrument: spec §4.4, the expiry is cleared (the first one is then chosen). */
export function withInstrument(preferences: AdvanceChartPreferences, instrument: string): AdvanceChartPreferences {
  return { ...preferences, instrument, expiry: null };
}

/** Indicator settings read leniently: each invalid value falls back to its default. */
export function parseIndicatorSettings(value: unknown): IndicatorSettings {
  const d = DEFAULT_INDICATOR_SETTINGS;
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const field = (name: string, key: string): unknown => {
    const group = stored[name];
    return typeof group === 'object' && group !== null ? (group as Record<string, unknown>)[key] : undefined;
  };
  const period = (name: keyof IndicatorSettings, fallback: number) =>
    wholeIn(field(name, 'period'), MIN_INDICATOR_PERIOD, MAX_INDICATOR_PERIOD) ?? fallback;
  const k = field('bollinger', 'k');
  return {
    ema: { period: period('ema', d.ema.period) },
    sma: { period: period('sma', d.sma.period) },
    bollinger: {
      period: period('bollinger', d.bollinger.period),
      k: typeof k === 'number' && k >= MIN_BOLLINGER_K && k <= MAX_BOLLINGER_K ? k : d.bollinger.k,
    },
    rsi: { period: period('rsi', d.rsi.period) },
  };
}

function wholeIn(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}
