// Index Watch (pages brief G1 /pages/dashboard): per index, the future's basis, the ATM straddle as the expected
// move, how much of it the day's range has used, and where the price sits in the day's range.

/** What one index tile shows, derived from its quotes and its ATM straddle. */
export interface IndexWatchFigures {
  /** Future − spot. */
  basis: number | null;
  /** ATM CE + ATM PE: the market's expected move to expiry, in points. */
  straddle: number | null;
  /** The straddle as a share of spot, per cent. */
  expectedMovePercent: number | null;
  /** Day range (high − low) ÷ straddle, per cent: how much of the expected move the day has already travelled. */
  rangeConsumedPercent: number | null;
  /** Where the price sits between the day's low (0) and high (100). */
  rangePosition: number | null;
}

/** The figures of one index from its spot and future prices, the day's range and its ATM legs' prices. */
export function indexWatchFigures(input: {
  spot: number | null;
  future: number | null;
  high: number | null;
  low: number | null;
  atmCe: number | null;
  atmPe: number | null;
}): IndexWatchFigures {
  const { spot, future, high, low, atmCe, atmPe } = input;
  const straddle = atmCe === null || atmPe === null ? null : atmCe + atmPe;
  const range = high === null || low === null ? null : high - low;
  return {
    basis: spot === null || future === null ? null : future - spot,
    straddle,
    expectedMovePercent: straddle === null || spot === null || spot === 0 ? null : (straddle / spot) * 100,
    rangeConsumedPercent: straddle === null || range === null || straddle === 0 ? null : (range / straddle) * 100,
    rangePosition:
      range === null || spot === null || low === null
        ? null
        : range === 0
          ? 50
          : Math.min(100, Math.max(0, ((spot - low) / range) * 100)),
  };
}

/** Index Watch shows up to five indices side by side (spec signed-in §2.11). */
export const MAX_WATCHED_INDICES = 5;

/** Toggles an index in the watched list, keeping at most five (the oldest choice gives way). */
export function toggleWatched(watched: readonly string[], name: string): string[] {
  if (watched.includes(name)) return watched.filter((entry) => entry !== name);
  return [...watched, name].slice(-MAX_WATCHED_INDICES);
}
