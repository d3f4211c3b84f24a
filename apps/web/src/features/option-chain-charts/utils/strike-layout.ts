import type { OptionChain } from '@fnodesk/contracts';

/** One strike of the page: its call and put, and the chain's figures for them. */
export interface StrikeEntry {
  strike: number;
  callToken: number;
  putToken: number;
  callSymbol: string;
  putSymbol: string;
  lotSize: number;
  /** The chain's row of this strike (quote, OI, PCR), if the chain had one. */
  row: OptionChain['rows'][number] | undefined;
  /** The middle strike, found from the chosen ATM basis. */
  atm: boolean;
}

/** The strikes to chart, lowest first, each with its CE and PE (strikes missing either are left out). */
export function strikeEntries(chain: OptionChain): StrikeEntry[] {
  const byStrike = new Map<number, { ce?: OptionChain['optData'][number]; pe?: OptionChain['optData'][number] }>();
  for (const option of chain.optData) {
    const entry = byStrike.get(option.strikePrice) ?? {};
    if (option.instrumentType === 'CE') entry.ce = option;
    else entry.pe = option;
    byStrike.set(option.strikePrice, entry);
  }
  const rows = new Map(chain.rows.map((row) => [row.strike, row]));
  const strikes = [...byStrike.keys()].sort((a, b) => a - b);
  const middle = middleStrike(strikes, chain.atmStrike);
  return strikes.flatMap((strike) => {
    const { ce, pe } = byStrike.get(strike)!;
    if (ce === undefined || pe === undefined) return [];
    return [
      {
        strike,
        callToken: ce.instrumentToken,
        putToken: pe.instrumentToken,
        callSymbol: ce.tradingName,
        putSymbol: pe.tradingName,
        lotSize: ce.lotSize,
        row: rows.get(strike),
        atm: strike === middle,
      },
    ];
  });
}

/** The strike the ATM basis points at; with none known, the middle of the list. */
export function middleStrike(strikes: readonly number[], atmStrike: number | null): number | undefined {
  if (strikes.length === 0) return undefined;
  if (atmStrike !== null) {
    return strikes.reduce((best, strike) =>
      Math.abs(strike - atmStrike) < Math.abs(best - atmStrike) ? strike : best,
    );
  }
  return strikes[Math.floor((strikes.length - 1) / 2)];
}

/** Charts on the page: a call and a put per strike, plus the index chart when shown. */
export function chartCount(strikes: number, indexShown: boolean): number {
  return 2 * strikes + (indexShown ? 1 : 0);
}

/** Chart ids in the page's chart group. */
export const INDEX_CHART_ID = 'index';
/** Chart id of a strike's call or put. */
export function strikeChartId(strike: number, side: 'CE' | 'PE'): string {
  return `${strike}-${side}`;
}

/** A strike as titles show it: whole strikes without decimals, others with theirs (e.g. 24500, 1072.5). */
export function strikeLabel(strike: number): string {
  return Number.isInteger(strike) ? String(strike) : strike.toFixed(2).replace(/0$/, '');
}
