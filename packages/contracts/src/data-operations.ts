import type { z } from 'zod';
import { RecentringQuerySchema, RecentringSimulationSchema } from './recentring';
import {
  AllFutureTicksQuerySchema,
  AggregatedOiQuerySchema,
  CandlesQuerySchema,
  DailyDatasetQuerySchema,
  DailyQuerySchema,
  EodCandlesQuerySchema,
  EodQuerySchema,
  ExchangeHolidaysQuerySchema,
  ExchangeHolidaysSchema,
  GammaExposureQuerySchema,
  IvHistoryQuerySchema,
  IvTermStructureQuerySchema,
  FootprintQuerySchema,
  InstrumentsQuerySchema,
  MwplQuerySchema,
  NoQuerySchema,
  OptionChainInstrumentsQuerySchema,
  OptionChainQuerySchema,
  OptionExpiryQuerySchema,
  OptionInstrumentQuerySchema,
  PatternQuerySchema,
  PrevDayQuerySchema,
  RawTicksQuerySchema,
  RolloverQuerySchema,
  SearchQuerySchema,
  SeasonalityQuerySchema,
  SpecialSessionsSchema,
  SpotCumulativeQuerySchema,
  SpotQuerySchema,
  StockAtmStraddlePlotQuerySchema,
  StockAtmStraddleQuerySchema,
  StraddleQuerySchema,
  StrategyBodySchema,
  StrategyQuerySchema,
  TicksQuerySchema,
} from './market';
import {
  AggregatedOiSchema,
  AtmInstrumentsListSchema,
  BreadthListSchema,
  CashEodListSchema,
  CashMarketActivityListSchema,
  FaoEodListSchema,
  GammaExposureSchema,
  IvHistorySchema,
  IvTermStructureSchema,
  FootprintSchema,
  FiiDerivativesActivityListSchema,
  IndexSectorListSchema,
  InstrumentListSchema,
  InstrumentSchema,
  MwplSchema,
  OptionChainInstrumentsSchema,
  OptionChainSchema,
  OptionExpiriesSchema,
  ParticipantOpenInterestListSchema,
  PreOpenQuoteListSchema,
  PreviousDayListSchema,
  RawTicksSchema,
  RolloverSchema,
  SeasonalitySchema,
  SpotSchema,
  StockAtmStraddlePlotSchema,
  StockAtmStraddlesSchema,
  StraddleSchema,
  StrategyChartSchema,
  StrategySeriesSchema,
  TickListSchema,
  TokenCandlesListSchema,
} from './market-data';

/** Prefix of every market-data path (ARCHITECTURE §3). */
export const DATA_PREFIX = '/data/v1';

/**
 * One `/data/v1` operation: its method, the query it takes (strings in, typed values out), the body of a POST, the
 * `data` of its answer and the summary the OpenAPI document shows.
 */
export interface DataOperation {
  readonly method: 'get' | 'post';
  readonly summary: string;
  readonly query: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
}

/**
 * The market-data operations, `path → {method, query, response, summary}` (ARCHITECTURE §5 "Serving pages from one
 * table"). The server registers its `/data/v1` routes and OpenAPI document from it, and the web reads every one
 * through `useDataQuery(op, params)`, so a new page's data is one entry here and one handler on the server.
 */
export const dataOperations = {
  // --- Calendar ---------------------------------------------------------------------------------------------------
  get_exchange_holidays: {
    method: 'get',
    summary: 'Trading holidays of the given exchanges (comma-separated, e.g. nse,nfo), optionally for one year.',
    query: ExchangeHolidaysQuerySchema,
    response: ExchangeHolidaysSchema,
  },
  get_special_session: {
    method: 'get',
    summary: 'Sessions on weekends or holidays (Budget day, Muhurat trading), with their IST timings once announced.',
    query: NoQuerySchema,
    response: SpecialSessionsSchema,
  },

  // --- Instruments ------------------------------------------------------------------------------------------------
  get_future_instruments: {
    method: 'get',
    summary: 'The near-month future of every F&O underlying.',
    query: NoQuerySchema,
    response: InstrumentListSchema,
  },
  get_all_future_instruments: {
    method: 'get',
    summary: 'Every listed future (three serial months per underlying).',
    query: NoQuerySchema,
    response: InstrumentListSchema,
  },
  get_pre_market_instruments: {
    method: 'get',
    summary: 'The instruments of the pre-open session: derivative indices and F&O stocks.',
    query: NoQuerySchema,
    response: InstrumentListSchema,
  },
  search: {
    method: 'get',
    summary:
      'F&O underlyings in the instrument picker order (indices, then stocks A–Z) matching query, within a list filter.',
    query: SearchQuerySchema,
    response: InstrumentListSchema,
  },
  get_option_expiry: {
    method: 'get',
    summary: 'Option expiries of an underlying, nearest first, and its futures months.',
    query: OptionExpiryQuerySchema,
    response: OptionExpiriesSchema,
  },
  instruments: {
    method: 'get',
    summary:
      'Instruments by underlying name (spot, futures and every listed option; optionally one exchange) or by tokens.',
    query: InstrumentsQuerySchema,
    response: InstrumentListSchema,
  },
  get_option_chain_instruments: {
    method: 'get',
    summary: 'Every listed strike of an expiry with its CE and PE instruments, the spot and the future.',
    query: OptionChainInstrumentsQuerySchema,
    response: OptionChainInstrumentsSchema,
  },
  option_instrument: {
    method: 'get',
    summary: 'One option contract by underlying, type (CE or PE), expiry and strike.',
    query: OptionInstrumentQuerySchema,
    response: InstrumentSchema,
  },
  get_index_sector: {
    method: 'get',
    summary: 'Every index with its constituents, their sectors, weights and moves against the previous close.',
    query: NoQuerySchema,
    response: IndexSectorListSchema,
  },
  get_index_atm_instruments: {
    method: 'get',
    summary: 'The ATM CE and PE of each derivative index’s nearest expiry, with the spot and future tokens.',
    query: NoQuerySchema,
    response: AtmInstrumentsListSchema,
  },

  // --- Quotes, candles and trades ---------------------------------------------------------------------------------
  get_future_ticks: {
    method: 'get',
    summary: 'Ticks of the near-month futures.',
    query: NoQuerySchema,
    response: TickListSchema,
  },
  get_all_future_ticks: {
    method: 'get',
    summary: 'Ticks of every listed future, at `time` when given (never after the tier allows).',
    query: AllFutureTicksQuerySchema,
    response: TickListSchema,
  },
  get_pre_market_ticks: {
    method: 'get',
    summary: 'Pre-open indicative prices and quantities of the F&O stocks and derivative indices.',
    query: NoQuerySchema,
    response: PreOpenQuoteListSchema,
  },
  ticks: {
    method: 'get',
    summary: 'Full ticks (quote and depth) of instruments.',
    query: TicksQuerySchema,
    response: TickListSchema,
  },
  pattern: {
    method: 'get',
    summary: 'Candles of instruments; type is the resolution. Days without a session have no candles.',
    query: PatternQuerySchema,
    response: TokenCandlesListSchema,
  },
  candles: {
    method: 'get',
    summary:
      'Option Chain Charts history: candles of instruments, served up to the tier’s instant; NFO holidays have none.',
    query: CandlesQuerySchema,
    response: TokenCandlesListSchema,
  },
  daily: {
    method: 'get',
    summary: 'Option Chain Charts: day candles of instruments (sessions only; holidays and weekends have none).',
    query: DailyQuerySchema,
    response: TokenCandlesListSchema,
  },
  prev_day: {
    method: 'get',
    summary: 'Option Chain Charts: the previous session’s day candle of each instrument.',
    query: PrevDayQuerySchema,
    response: PreviousDayListSchema,
  },
  spot: {
    method: 'get',
    summary: 'Option Chain Charts: the value of an index or stock (SENSEX and BANKEX from BSE, others NSE).',
    query: SpotQuerySchema,
    response: SpotSchema,
  },
  raw_ticks: {
    method: 'get',
    summary: 'Trades of an instrument with aggressor side and best bid and ask (at most an hour per request).',
    query: RawTicksQuerySchema,
    response: RawTicksSchema,
  },
  // Charting and order flow: the footprint aggregate (one request per view).
  footprint: {
    method: 'get',
    summary:
      'Footprint of an instrument per candle (type = resolution, at most a day): volume at the bid and at the ask ' +
      'per price row, delta, cumulative delta, POC, value area, diagonal and stacked imbalances, absorption and ' +
      'delta divergence, and the range’s volume profile.',
    query: FootprintQuerySchema,
    response: FootprintSchema,
  },

  // --- Option chains, OI and straddles ----------------------------------------------------------------------------
  option_chain: {
    method: 'get',
    summary:
      'Option Chain Charts chain: strikes around ATM (by Spot, Futures or SynFut) with optData and futToken, and ' +
      'the chain’s LTP, IV, greeks, OI, OI change windows, PCR, Syn Fut and max pain at the minute served.',
    query: OptionChainQuerySchema,
    response: OptionChainSchema,
  },
  get_aggregated_oi: {
    method: 'get',
    summary:
      'Total call and put OI of an expiry per candle (type = resolution); token is the underlying’s, strike how ' +
      'many strikes each side of ATM to add up (all listed when absent).',
    query: AggregatedOiQuerySchema,
    response: AggregatedOiSchema,
  },
  straddle: {
    method: 'get',
    summary: 'CE + PE premium of one strike per candle (type = resolution, default 1m).',
    query: StraddleQuerySchema,
    response: StraddleSchema,
  },
  stock_atm_straddle: {
    method: 'get',
    summary: 'Every F&O stock’s near-month ATM straddle and its share of spot, at a session’s close or now.',
    query: StockAtmStraddleQuerySchema,
    response: StockAtmStraddlesSchema,
  },
  stock_atm_straddle_plot: {
    method: 'get',
    summary: 'The ATM straddle of an expiry per candle, its strike following the spot (type = resolution).',
    query: StockAtmStraddlePlotQuerySchema,
    response: StockAtmStraddlePlotSchema,
  },
  // Options analytics pages (market-maker-analysis, volatality-analysis).
  gex: {
    method: 'get',
    summary:
      'Dealer gamma exposure of an expiry (γ × OI × S² × 1 %, + calls, − puts) by strike, with call and put walls, ' +
      'the zero-gamma flip and net GEX every 15 minutes of the session.',
    query: GammaExposureQuerySchema,
    response: GammaExposureSchema,
  },
  iv_history: {
    method: 'get',
    summary: 'Daily ATM IV of the nearest expiry (at least two days away) at each session’s close, oldest first.',
    query: IvHistoryQuerySchema,
    response: IvHistorySchema,
  },
  iv_term_structure: {
    method: 'get',
    summary: 'ATM IV of every listed expiry of an underlying at the minute served, nearest first.',
    query: IvTermStructureQuerySchema,
    response: IvTermStructureSchema,
  },

  // --- Breadth and end-of-day datasets ----------------------------------------------------------------------------
  get_cash_market: {
    method: 'get',
    summary: 'FII/FPI and DII cash-market activity (₹ crore) of each closed session between from and to.',
    query: DailyDatasetQuerySchema,
    response: CashMarketActivityListSchema,
  },
  get_index_stats: {
    method: 'get',
    summary: 'FII activity in index and stock futures and options of each closed session between from and to.',
    query: DailyDatasetQuerySchema,
    response: FiiDerivativesActivityListSchema,
  },
  get_fno_oi: {
    method: 'get',
    summary: 'Participant-wise OI (Client, DII, FII, Pro; long and short) of each closed session between from and to.',
    query: DailyDatasetQuerySchema,
    response: ParticipantOpenInterestListSchema,
  },
  get_spot_cumulative: {
    method: 'get',
    summary:
      'Advances and declines of a stock group (filter) per candle (type = resolution) against the previous close, ' +
      'and how many of its stocks made a new high or low of the day in the candle.',
    query: SpotCumulativeQuerySchema,
    response: BreadthListSchema,
  },
  get_fao_eod: {
    method: 'get',
    summary:
      'End-of-day rows (type 1D, 1W or 1M) of F&O contracts with price and OI change and build-up; every ' +
      'near-month future when tokens is absent.',
    query: EodQuerySchema,
    response: FaoEodListSchema,
  },
  get_cash_market_eod: {
    method: 'get',
    summary:
      'End-of-day rows (type 1D, 1W or 1M) of indices and stocks with change and turnover; every F&O underlying ' +
      'when tokens is absent.',
    query: EodQuerySchema,
    response: CashEodListSchema,
  },
  get_eod: {
    method: 'get',
    summary: 'End-of-day candles (type 1D, 1W or 1M) of instruments; the derivative indices when tokens is absent.',
    query: EodCandlesQuerySchema,
    response: TokenCandlesListSchema,
  },
  rollover: {
    method: 'get',
    summary: 'Futures rollover of every underlying at the close of a session (the latest closed one by default).',
    query: RolloverQuerySchema,
    response: RolloverSchema,
  },
  seasonality: {
    method: 'get',
    summary: 'Calendar-month returns of an index or stock since 2014, and their average per month of the year.',
    query: SeasonalityQuerySchema,
    response: SeasonalitySchema,
  },
  'fno-mwpl': {
    method: 'get',
    summary:
      'Market-wide position limits and their use for a session, with the ban list, its entrants and exits when ' +
      'ban, entrants and exits are true.',
    query: MwplQuerySchema,
    response: MwplSchema,
  },

  // --- Strategy ---------------------------------------------------------------------------------------------------
  'strategy-new': {
    method: 'post',
    summary:
      'A strategy (legs by token or trading symbol, quantity in units, BUY or SELL, entry price): its combined ' +
      'premium and P&L per candle (type = resolution) and the inputs of its payoff diagram.',
    query: StrategyQuerySchema,
    body: StrategyBodySchema,
    response: StrategySeriesSchema,
  },
  'strategy-ch': {
    method: 'post',
    summary: 'A strategy’s combined premium as candles (type = resolution) and the inputs of its payoff diagram.',
    query: StrategyQuerySchema,
    body: StrategyBodySchema,
    response: StrategyChartSchema,
  },
  'recentring-sim': {
    method: 'get',
    summary:
      'Re-centring simulator: a short ATM straddle or strangle of the nearest expiry each session, re-centred when ' +
      'the underlying moves N points or the leg premium ratio passes X, with P&L after charges, drawdown and ' +
      'adjustments per session over the last sessions (1-minute data).',
    query: RecentringQuerySchema,
    response: RecentringSimulationSchema,
  },
} as const satisfies Record<string, DataOperation>;

/** The operations table's type. */
export type DataOperations = typeof dataOperations;
/** The name (path under `/data/v1`) of a market-data operation. */
export type DataOperationName = keyof DataOperations;
/** Names of the operations read with GET. */
export type DataGetOperationName = {
  [Op in DataOperationName]: DataOperations[Op]['method'] extends 'get' ? Op : never;
}[DataOperationName];

/** An operation's query as the server's handler receives it (parsed and typed). */
export type DataQuery<Op extends DataOperationName> = z.output<DataOperations[Op]['query']>;
/** An operation's body as the server's handler receives it (POST operations only). */
export type DataBody<Op extends DataOperationName> = DataOperations[Op] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined;
/** The `data` of an operation's answer. */
export type DataResponse<Op extends DataOperationName> = z.output<DataOperations[Op]['response']>;

/** One query parameter as a client gives it: text, a number, a flag, or a list sent comma-separated. */
export type DataParamValue = string | number | boolean | readonly (string | number)[];
/** An operation's query parameters as a client gives them (the names of the query, each optional where it is). */
export type DataParams<Op extends DataOperationName> = {
  [K in keyof z.input<DataOperations[Op]['query']>]:
    DataParamValue | Extract<z.input<DataOperations[Op]['query']>[K], undefined>;
};

/**
 * The canonical form of a client's query parameters: names sorted, absent ones dropped, every value as the text it
 * is sent as (lists comma-separated). Equal requests give equal forms, whatever order or types they were built in.
 */
export function canonicalDataParams(
  params: Readonly<Record<string, DataParamValue | undefined>>,
): Record<string, string> {
  const canonical: Record<string, string> = {};
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined) continue;
    canonical[name] = typeof value === 'object' ? value.join(',') : String(value);
  }
  return canonical;
}

/** The path and query string of an operation's request, e.g. `/data/v1/option_chain?atm=Spot&expiry=…`. */
export function dataOperationUrl(
  op: DataOperationName,
  params: Readonly<Record<string, DataParamValue | undefined>>,
): string {
  // Built by hand: contracts runs in the browser and in Node and assumes neither's globals.
  const query = Object.entries(canonicalDataParams(params))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${DATA_PREFIX}/${op}${query === '' ? '' : `?${query}`}`;
}
