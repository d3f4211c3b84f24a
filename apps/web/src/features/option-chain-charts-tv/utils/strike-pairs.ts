// The strikes of an option chain answer as the page charts them: one row per strike with its call and put.
import type { OptionChain } from '@fnodesk/contracts';

/** One option of a strike row. */
export interface StrikeOption {
  token: number;
  /** Trading symbol, e.g. NIFTY26N2424500CE. */
  symbol: string;
}

/** One strike with its call and put. */
export interface StrikePair {
  strike: number;
  call: StrikeOption;
  put: StrikeOption;
}

/** The strikes having both a call and a put, lowest first. */
export function strikePairs(chain: Pick<OptionChain, 'optData'>): StrikePair[] {
  const byStrike = new Map<number, { call?: StrikeOption; put?: StrikeOption }>();
  for (const option of chain.optData) {
    const entry = byStrike.get(option.strikePrice) ?? {};
    const side = { token: option.instrumentToken, symbol: option.tradingName };
    if (option.instrumentType === 'CE') entry.call = side;
    else entry.put = side;
    byStrike.set(option.strikePrice, entry);
  }
  return [...byStrike.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([strike, { call, put }]) => (call === undefined || put === undefined ? [] : [{ strike, call, put }]));
}

/** A strike as titles show it: whole strikes without decimals (24500), others with theirs (1072.5). */
export function strikeLabel(strike: number): string {
  return Number.isInteger(strike) ? String(strike) : String(Number(strike.toFixed(2)));
}

/** The chart titles of a strike (spec §2.8): 'Strike {n} Call' and 'Strike {n} Puts'. */
export function strikeTitles(strike: number): { call: string; put: string } {
  const label = strikeLabel(strike);
  return { call: `Strike ${label} Call`, put: `Strike ${label} Puts` };
}
