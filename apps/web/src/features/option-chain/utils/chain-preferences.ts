// What the Option Chain page remembers between visits. Its own key: 'option-chain' (spec §3) belongs to the Option
// Chain Charts page, whose fields (resolution, height, legend…) this table does not have.
import { AtmBasisSchema } from '@fnodesk/contracts';
import { CHART_PERIODS, DEFAULT_PICKER_ROOT, type ChartPeriod } from '@fnodesk/domain';
import { z } from 'zod';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the Option Chain table's preferences. */
export const OPTION_CHAIN_TABLE_STORAGE_KEY = 'option-chain-table';

/** Strikes the chain answer may hold (spec §5: 1 to 15). */
export const MIN_STRIKES = 1;
export const MAX_STRIKES = 15;
/** ATM ±5 (spec §2.11: the default strike range). */
export const DEFAULT_STRIKES = 11;

/** The page's choices. */
export interface ChainPreferences {
  /** The underlying's derivatives root (NIFTY, RELIANCE). */
  name: string;
  /** The chosen expiry, or null for the nearest. */
  expiry: string | null;
  strikes: number;
  atm: z.infer<typeof AtmBasisSchema>;
  period: ChartPeriod;
  showIv: boolean;
  showGreeks: boolean;
}

/** A first visit: NIFTY's nearest expiry, ATM ±5 by the future, changes over one day, IV shown, greeks hidden. */
export const DEFAULT_CHAIN_PREFERENCES: ChainPreferences = Object.freeze({
  name: DEFAULT_PICKER_ROOT,
  expiry: null,
  strikes: DEFAULT_STRIKES,
  atm: 'Futures',
  period: '1D',
  showIv: true,
  showGreeks: false,
});

// Each field falls back on its own, so one bad value does not throw the others away.
const StoredSchema = z.object({
  name: z.string().trim().min(1).max(40).catch(DEFAULT_CHAIN_PREFERENCES.name),
  expiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
  strikes: z.number().int().min(MIN_STRIKES).max(MAX_STRIKES).catch(DEFAULT_STRIKES),
  atm: AtmBasisSchema.catch(DEFAULT_CHAIN_PREFERENCES.atm),
  period: z.enum(CHART_PERIODS).catch(DEFAULT_CHAIN_PREFERENCES.period),
  showIv: z.boolean().catch(DEFAULT_CHAIN_PREFERENCES.showIv),
  showGreeks: z.boolean().catch(DEFAULT_CHAIN_PREFERENCES.showGreeks),
});

/** The stored preferences, each unreadable field replaced by its default. */
export function readChainPreferences(): ChainPreferences {
  const raw = readStoredItem(OPTION_CHAIN_TABLE_STORAGE_KEY);
  let json: unknown = {};
  try {
    json = raw === null ? {} : JSON.parse(raw);
  } catch {
    json = {};
  }
  const parsed = StoredSchema.safeParse(typeof json === 'object' && json !== null ? json : {});
  return parsed.success ? parsed.data : { ...DEFAULT_CHAIN_PREFERENCES };
}

/** Stores the preferences. */
export function writeChainPreferences(preferences: ChainPreferences): void {
  writeStoredItem(OPTION_CHAIN_TABLE_STORAGE_KEY, JSON.stringify(preferences));
}
