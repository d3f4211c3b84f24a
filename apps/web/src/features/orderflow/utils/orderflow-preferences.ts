import { FOOTPRINT_RESOLUTIONS } from '@fnodesk/contracts';
import { DEFAULT_PICKER_ROOT } from '@fnodesk/domain';
import { z } from 'zod';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the Orderflow chart's choices (the route's name). */
export const ORDERFLOW_STORAGE_KEY = 'CandleChart';

/** A footprint resolution. */
export type FootprintResolution = (typeof FOOTPRINT_RESOLUTIONS)[number];

/** Imbalance thresholds offered, per cent (300 % is the usual rule). */
export const IMBALANCE_CHOICES = [150, 200, 250, 300, 400, 500] as const;

/** What the page remembers. */
export interface OrderflowPreferences {
  /** The underlying whose future is shown. */
  instrument: string;
  /** 0 for the near month, 1 the next, 2 the far. */
  month: number;
  resolution: FootprintResolution;
  /** Row height in ticks; null for the instrument's default. */
  rowTicks: number | null;
  imbalancePercent: number;
}

/** The first visit's choices: NIFTY's near-month future at 3m (the peers' default), default rows, 300 %. */
export const DEFAULT_ORDERFLOW_PREFERENCES: OrderflowPreferences = Object.freeze({
  instrument: DEFAULT_PICKER_ROOT,
  month: 0,
  resolution: '3m',
  rowTicks: null,
  imbalancePercent: 300,
});

const StoredSchema = z.object({
  instrument: z.string().min(1).max(40),
  month: z.number().int().min(0).max(2),
  resolution: z.enum(FOOTPRINT_RESOLUTIONS),
  rowTicks: z.number().int().min(1).max(1000).nullable(),
  imbalancePercent: z.number().int().min(110).max(1000),
});

/** The stored choices, or the defaults where nothing readable is stored. */
export function readOrderflowPreferences(): OrderflowPreferences {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(readStoredItem(ORDERFLOW_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : DEFAULT_ORDERFLOW_PREFERENCES;
  } catch {
    return DEFAULT_ORDERFLOW_PREFERENCES;
  }
}

/** Stores the choices. */
export function writeOrderflowPreferences(preferences: OrderflowPreferences): void {
  writeStoredItem(ORDERFLOW_STORAGE_KEY, JSON.stringify(preferences));
}
