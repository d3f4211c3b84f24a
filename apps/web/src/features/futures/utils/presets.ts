// Market Movers' preset chips (pages brief G1): each is a filter over the rows plus the order they are listed in,
// e.g. LB = the long build-ups, biggest price gain first.
import type { BuildUp } from '@fnodesk/domain';
import type { FutureRow } from './futures-rows';

/** A preset chip's id. */
export type PresetId =
  'price-gainers' | 'price-losers' | 'oi-gainers' | 'oi-losers' | 'LB' | 'SB' | 'LU' | 'SC' | 'O=H' | 'O=L' | 'active';

/** A preset: which rows it keeps and how it orders them. */
export interface Preset {
  id: PresetId;
  label: string;
  keep: (row: FutureRow) => boolean;
  /** The value rows are ordered by, and the direction. */
  sortBy: (row: FutureRow) => number | null;
  descending: boolean;
}

const pchg = (row: FutureRow) => row.ltpChangePercent;
const oiPchg = (row: FutureRow) => row.oiChangePercent;
const positive = (value: number | null) => value !== null && value > 0;
const negative = (value: number | null) => value !== null && value < 0;
const buildUp = (label: BuildUp) => (row: FutureRow) => row.buildUp === label;

/** The chips in the order the page shows them. */
export const PRESETS: readonly Preset[] = [
  { id: 'price-gainers', label: 'Price Gainers', keep: (row) => positive(pchg(row)), sortBy: pchg, descending: true },
  { id: 'price-losers', label: 'Price Losers', keep: (row) => negative(pchg(row)), sortBy: pchg, descending: false },
  { id: 'oi-gainers', label: 'OI Gainers', keep: (row) => positive(oiPchg(row)), sortBy: oiPchg, descending: true },
  { id: 'oi-losers', label: 'OI Losers', keep: (row) => negative(oiPchg(row)), sortBy: oiPchg, descending: false },
  // Build-ups are ordered by the size of the price move that made them: gains first for LB and SC, falls for SB, LU.
  { id: 'LB', label: 'LB', keep: buildUp('LB'), sortBy: pchg, descending: true },
  { id: 'SB', label: 'SB', keep: buildUp('SB'), sortBy: pchg, descending: false },
  { id: 'LU', label: 'LU', keep: buildUp('LU'), sortBy: pchg, descending: false },
  { id: 'SC', label: 'SC', keep: buildUp('SC'), sortBy: pchg, descending: true },
  // Opening at the high is a weak day: the biggest fall first; opening at the low, the biggest gain first.
  { id: 'O=H', label: 'Open=High', keep: (row) => row.marker === 'O=H', sortBy: pchg, descending: false },
  { id: 'O=L', label: 'Open=Low', keep: (row) => row.marker === 'O=L', sortBy: pchg, descending: true },
  // The contracts with the most money traded today (volume × ATP).
  {
    id: 'active',
    label: 'Active Contracts',
    keep: (row) => row.turnover !== null,
    sortBy: (row) => row.turnover,
    descending: true,
  },
];

/** The preset with this id. */
export function presetOf(id: PresetId): Preset {
  return PRESETS.find((preset) => preset.id === id) ?? PRESETS[0]!;
}

/** The rows a preset keeps, in its order (unknown values last); `limit` keeps the first n. */
export function applyPreset(rows: readonly FutureRow[], preset: Preset, limit?: number): FutureRow[] {
  const kept = rows.filter(preset.keep);
  const direction = preset.descending ? -1 : 1;
  kept.sort((a, b) => {
    const x = preset.sortBy(a);
    const y = preset.sortBy(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * direction || a.symbol.localeCompare(b.symbol);
  });
  return limit === undefined ? kept : kept.slice(0, limit);
}
