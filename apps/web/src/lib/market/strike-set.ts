// The strike set a page shows (pages brief G4/G5): calls, puts or both, and the strikes around ATM — only the ATM
// strike, or ATM ±n.

/** Which legs and strikes are shown. */
export interface StrikeSet {
  ce: boolean;
  pe: boolean;
  onlyAtm: boolean;
  /** Strikes each side of ATM (ignored with `onlyAtm`). */
  around: number;
}

/** Calls and puts, ATM ±5. */
export const DEFAULT_STRIKE_SET: StrikeSet = Object.freeze({ ce: true, pe: true, onlyAtm: false, around: 5 });
/** The chain answer holds at most 15 strikes: ATM ±7. */
export const MAX_STRIKES_AROUND = 7;

/** How many strikes the set covers: 1 for only ATM, else 2n + 1. */
export function strikeSetCount(set: StrikeSet): number {
  return set.onlyAtm ? 1 : 2 * Math.min(MAX_STRIKES_AROUND, Math.max(0, set.around)) + 1;
}

/** The set that covers `count` strikes around ATM (the inverse of {@link strikeSetCount}, odd counts rounded down). */
export function strikeSetOfCount(count: number, legs: Pick<StrikeSet, 'ce' | 'pe'>): StrikeSet {
  return count <= 1
    ? { ...legs, onlyAtm: true, around: DEFAULT_STRIKE_SET.around }
    : { ...legs, onlyAtm: false, around: Math.min(MAX_STRIKES_AROUND, Math.floor((count - 1) / 2)) };
}

/**
 * The strikes of ascending `strikes` that the set shows: the ATM strike and up to n listed strikes each side of it
 * (fewer at the ends of the ladder); all of them when ATM is unknown.
 */
export function strikesInSet(strikes: readonly number[], atmStrike: number | null, set: StrikeSet): number[] {
  const atm = atmStrike === null ? -1 : strikes.indexOf(atmStrike);
  if (atm < 0) return [...strikes];
  const around = set.onlyAtm ? 0 : Math.max(0, set.around);
  return strikes.slice(Math.max(0, atm - around), atm + around + 1);
}
