// The market data the `/data/v1` services read, by dataset. A source implements the datasets it can supply: the
// simulated market all of them; a broker's ticker (ingested ticks) the candles of the instruments it stored, the
// rest staying simulated. Services take this port, never a source itself, and compute their analytics on top of it.
import type { Resolution } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { IngestedHistory } from './ingested-history';
import type { JsonText } from './market-format';

/** Which source an answer's data comes from (the `meta.source` of a data response). */
export type MarketDataSourceName = 'simulated' | 'ingested';

/** Instruments: the lists, the picker's search, expiries, option ladders and index compositions. */
export type InstrumentsData = Pick<
  MarketSim,
  | 'instrument'
  | 'instrumentsByName'
  | 'futures'
  | 'preOpenInstruments'
  | 'search'
  | 'optionExpiries'
  | 'futureExpiries'
  | 'optionInstrument'
  | 'optionChainInstruments'
  | 'atmInstruments'
  | 'indexCompositions'
>;

/** Quotes and depth: full ticks (with five levels of depth), spot values, pre-open prices and trades. */
export type QuotesData = Pick<MarketSim, 'quote' | 'ticks' | 'spot' | 'preOpen' | 'trades'>;

/** Candles of any resolution, and the previous session's day candle. */
export interface CandlesData extends Pick<MarketSim, 'candles' | 'candleColumns' | 'prevDay'> {
  /**
   * Candles of the tokens as the data API's JSON when this source keeps them stored (a broker's ticker), in the
   * order asked, with `otherwise` computing the tokens it does not keep; null when it keeps none of them.
   */
  stored(
    tokens: readonly number[],
    resolution: Resolution,
    from: number,
    to: number,
    otherwise: (token: number) => ReturnType<MarketSim['candles']>,
  ): Promise<JsonText> | null;
}

/** Option-chain snapshots: a whole ladder's quotes at an instant, the tokens it reads, and readying them. */
export type ChainData = Pick<MarketSim, 'optionChain' | 'chainTokens' | 'warm'>;

/**
 * Series over an expiry or a stock group. These are computed inside the simulated market today (its price engine
 * produces them in the same pass as the quotes); they sit behind the port so a source with stored OI can take over.
 */
export type SeriesData = Pick<MarketSim, 'aggregatedOi' | 'straddle' | 'stockAtmStraddles' | 'breadth'>;

/** End-of-day datasets: FII/DII and participant activity, rollover, seasonality, the ban list. */
export type EodData = MarketSim['eod'];

/** The market data behind `/data/v1`. */
export interface MarketData {
  readonly instruments: InstrumentsData;
  readonly quotes: QuotesData;
  readonly candles: CandlesData;
  readonly chain: ChainData;
  readonly series: SeriesData;
  readonly eod: EodData;
  /** The source a token's candles come from. */
  sourceOf(token: number): MarketDataSourceName;
}

/**
 * The simulated market as the port. `market` is called on first use, so a process that never serves market data
 * never starts the simulation.
 */
export function simulatedMarketData(market: () => MarketSim): MarketData {
  const sim = market;
  return {
    instruments: {
      instrument: (token) => sim().instrument(token),
      instrumentsByName: (name, at, exchange) => sim().instrumentsByName(name, at, exchange),
      futures: (at, months) => sim().futures(at, months),
      preOpenInstruments: () => sim().preOpenInstruments(),
      search: (query, filter) => sim().search(query, filter),
      optionExpiries: (name, at) => sim().optionExpiries(name, at),
      futureExpiries: (name, at) => sim().futureExpiries(name, at),
      optionInstrument: (name, kind, expiry, strike) => sim().optionInstrument(name, kind, expiry, strike),
      optionChainInstruments: (name, expiry, at, strikes) => sim().optionChainInstruments(name, expiry, at, strikes),
      atmInstruments: (at) => sim().atmInstruments(at),
      indexCompositions: () => sim().indexCompositions(),
    },
    quotes: {
      quote: (token, at) => sim().quote(token, at),
      ticks: (tokens, at) => sim().ticks(tokens, at),
      spot: (name, at) => sim().spot(name, at),
      preOpen: (at) => sim().preOpen(at),
      trades: (token, from, to) => sim().trades(token, from, to),
    },
    candles: {
      candles: (token, resolution, from, to) => sim().candles(token, resolution, from, to),
      candleColumns: (token, resolution, from, to, into) => sim().candleColumns(token, resolution, from, to, into),
      prevDay: (tokens, at) => sim().prevDay(tokens, at),
      stored: () => null,
    },
    chain: {
      optionChain: (name, expiry, at, strikes) => sim().optionChain(name, expiry, at, strikes),
      chainTokens: (name, expiry, at) => sim().chainTokens(name, expiry, at),
      warm: (token, at) => sim().warm(token, at),
    },
    series: {
      aggregatedOi: (name, expiry, resolution, from, to, strikes) =>
        sim().aggregatedOi(name, expiry, resolution, from, to, strikes),
      straddle: (name, expiry, strike, resolution, from, to) =>
        sim().straddle(name, expiry, strike, resolution, from, to),
      stockAtmStraddles: (at) => sim().stockAtmStraddles(at),
      breadth: (filter, resolution, from, to) => sim().breadth(filter, resolution, from, to),
    },
    // The datasets object is read when first used, so it too waits for the market to start.
    get eod() {
      return sim().eod;
    },
    sourceOf: () => 'simulated',
  };
}

/**
 * A broker's ticker over the simulated market: candles of the instruments whose ticks were ingested come from their
 * stored history; every other dataset (and every other instrument's candles) stays simulated.
 */
export function withIngestedHistory(base: MarketData, history: IngestedHistory): MarketData {
  // Not spread: `eod` is a getter on the simulated port, and reading it would start the market now.
  return {
    instruments: base.instruments,
    quotes: base.quotes,
    chain: base.chain,
    series: base.series,
    get eod() {
      return base.eod;
    },
    candles: {
      ...base.candles,
      stored: (tokens, resolution, from, to, otherwise) =>
        history.servesAny(tokens) ? history.candles(tokens, resolution, from, to, otherwise) : null,
    },
    sourceOf: (token) => (history.servesAny([token]) ? 'ingested' : base.sourceOf(token)),
  };
}
