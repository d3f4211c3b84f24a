import type { MarketSim } from '@fnodesk/market-sim';

/** What the risk engine reads of the market. */
export type RiskMarket = Pick<MarketSim, 'quote' | 'optionChainInstruments' | 'optionInstrument' | 'instrument'>;

/**
 * The market as one engine pass sees it: every answer asked for the pass's instant is computed once and reused, so
 * ten thousand positions on eighty contracts price eighty contracts, and five hundred rules on one chain resolve the
 * chain once. Built afresh for every pass (a pass is one instant), never kept.
 */
export function passMarket(market: MarketSim, at: number): RiskMarket {
  const quotes = new Map<number, ReturnType<MarketSim['quote']>>();
  const chains = new Map<string, ReturnType<MarketSim['optionChainInstruments']>>();
  return {
    quote(token, when) {
      if (when !== at) return market.quote(token, when);
      if (!quotes.has(token)) quotes.set(token, market.quote(token, at));
      return quotes.get(token) ?? null;
    },
    optionChainInstruments(name, expiry, when, strikes) {
      if (when !== at) return market.optionChainInstruments(name, expiry, when, strikes);
      const key = `${name}|${expiry}|${strikes ?? ''}`;
      if (!chains.has(key)) chains.set(key, market.optionChainInstruments(name, expiry, at, strikes));
      return chains.get(key) ?? null;
    },
    optionInstrument: (name, kind, expiry, strike) => market.optionInstrument(name, kind, expiry, strike),
    instrument: (token) => market.instrument(token),
  };
}
