import { CHAIN_ATM_BASES } from '@fnodesk/domain';
import { z } from 'zod';
import { FeedTickSchema } from './feed';

/**
 * Answers of the market-data API `/data/v1` (the `data` of the envelope; spec signed-in-app §3, §7; ARCHITECTURE §3).
 * Prices are rupees, quantities and open interest units (lots × lot size), instants epoch milliseconds and dates
 * `YYYY-MM-DD` in IST. A figure that cannot be known (an IV without a trade, an OI change before the first
 * snapshot) is null.
 */

const num = z.number();
const optionalNumber = z.number().nullable();
const date = z.string();

/** An instrument (spec §3 instrument details and market-data instrument entries). */
export const InstrumentSchema = z.object({
  instrumentToken: z.number().int(),
  exchange: z.string(),
  /** Kite-style segment: INDICES, NSE, BSE, NFO-FUT, NFO-OPT, BFO-FUT, BFO-OPT. */
  segment: z.string(),
  tradingSymbol: z.string(),
  /** The underlying's name: the derivatives root (NIFTY, RELIANCE) or an index's feed symbol. */
  name: z.string(),
  displayName: z.string(),
  instrumentType: z.enum(['INDEX', 'EQ', 'FUT', 'CE', 'PE']),
  underlyingToken: z.number().int(),
  expiry: date.nullable(),
  strike: optionalNumber,
  lotSize: z.number().int(),
  tickSize: num,
  /** Largest quantity (units) of one order when the exchange publishes a freeze limit. */
  volumeFreeze: z.number().int().nullable(),
  sector: z.string().nullable(),
});
/** An instrument. */
export type Instrument = z.infer<typeof InstrumentSchema>;

/** A list of instruments. */
export const InstrumentListSchema = z.array(InstrumentSchema);

/** A candle: `t` = start (epoch ms), prices, volume (units), the session's ATP so far and OI (units). */
export const CandleSchema = z.object({ t: num, o: num, h: num, l: num, c: num, v: num, atp: num, oi: num });
/** A candle. */
export type Candle = z.infer<typeof CandleSchema>;

/** Candles of one instrument. */
export const TokenCandlesSchema = z.object({ token: z.number().int(), candles: z.array(CandleSchema) });

/** Candles of several instruments, in the order asked. */
export const TokenCandlesListSchema = z.array(TokenCandlesSchema);

/** Full ticks (quote and depth), as the feed sends them. */
export const TickListSchema = z.array(FeedTickSchema);

/** Pre-open call auction state of an F&O stock or derivative index. */
export const PreOpenQuoteSchema = z.object({
  token: z.number().int(),
  tradingSymbol: z.string(),
  name: z.string(),
  prevClose: num,
  /** Indicative equilibrium price; the session's open once order entry has closed. */
  iep: num,
  change: num,
  changePercent: num,
  quantity: num,
  final: z.boolean(),
  ts: num,
});

/** Pre-open quotes. */
export const PreOpenQuoteListSchema = z.array(PreOpenQuoteSchema);

/** An expiry of an underlying's contracts. */
export const ContractExpirySchema = z.object({
  date,
  /** `23-Nov-2026`. */
  formattedDate: z.string(),
  series: z.enum(['weekly', 'monthly']),
  /** True when a holiday moved the expiry to the previous trading day. */
  shiftedForHoliday: z.boolean(),
  /** The instant the contracts stop trading. */
  expiresAt: num,
});

/** `get_option_expiry`: option expiries, nearest first, and the futures months. */
export const OptionExpiriesSchema = z.object({
  name: z.string(),
  expiries: z.array(ContractExpirySchema),
  futureExpiries: z.array(ContractExpirySchema),
});

/** `get_option_chain_instruments`: every listed strike of an expiry with its CE and PE. */
export const OptionChainInstrumentsSchema = z.object({
  name: z.string(),
  expiry: date,
  spotToken: z.number().int(),
  futToken: z.number().int(),
  strikes: z.array(z.object({ strike: num, ce: InstrumentSchema, pe: InstrumentSchema })),
});

/** An option as the Option Chain Charts page lists it (spec §3 option instrument). */
export const OptionInstrumentSchema = z.object({
  tradingName: z.string(),
  strikePrice: num,
  instrumentType: z.enum(['CE', 'PE']),
  instrumentToken: z.number().int(),
  lotSize: z.number().int(),
  expiry: date,
});

/** OI change over the look-back windows of the Option OI page. */
export const OiChangeWindowsSchema = z.object({
  '15m': optionalNumber,
  '30m': optionalNumber,
  '1h': optionalNumber,
  '4h': optionalNumber,
});

/** One side of a chain row: quote, OI figures, IV (per cent) and per-unit greeks. */
export const OptionChainLegSchema = z.object({
  token: z.number().int(),
  tradingSymbol: z.string(),
  ltp: optionalNumber,
  atp: optionalNumber,
  ltpChange: optionalNumber,
  ltpChangePercent: optionalNumber,
  oi: optionalNumber,
  oiChange: optionalNumber,
  oiChangePercent: optionalNumber,
  volume: optionalNumber,
  /** Implied volatility, per cent a year. */
  iv: optionalNumber,
  delta: optionalNumber,
  gamma: optionalNumber,
  /** Rupees per calendar day. */
  theta: optionalNumber,
  /** Rupees per volatility point. */
  vega: optionalNumber,
  rho: optionalNumber,
  oiChangeByWindow: OiChangeWindowsSchema,
});

/** One strike of the chain (spec §2.9), with its put–call ratio. */
export const OptionChainRowSchema = z.object({
  strike: num,
  ce: OptionChainLegSchema,
  pe: OptionChainLegSchema,
  pcr: optionalNumber,
});

/** The chain's summary strip (spec §2.9) and chain-wide figures. */
export const OptionChainSummarySchema = z.object({
  spot: optionalNumber,
  spotChange: optionalNumber,
  spotChangePercent: optionalNumber,
  futures: optionalNumber,
  futuresChange: optionalNumber,
  futuresChangePercent: optionalNumber,
  /** Strike + CE LTP − PE LTP at the strike nearest spot. */
  syntheticFuture: optionalNumber,
  syntheticFutureStrike: optionalNumber,
  /** Put OI / call OI over every listed strike. */
  pcr: optionalNumber,
  maxPainStrike: optionalNumber,
  callOi: num,
  putOi: num,
  callOiChange: num,
  putOiChange: num,
  callVolume: num,
  putVolume: num,
});

/**
 * `option_chain` (Option Chain Charts): the strikes around ATM with their instruments (`optData`), the future
 * (`futToken`), and the chain's analytics at the minute served.
 */
export const OptionChainSchema = z.object({
  name: z.string(),
  expiry: date,
  /** The instant the chain is as of (a minute boundary). */
  at: num,
  spotToken: z.number().int(),
  futToken: z.number().int(),
  atmBasis: z.enum(CHAIN_ATM_BASES),
  atmStrike: optionalNumber,
  optData: z.array(OptionInstrumentSchema),
  rows: z.array(OptionChainRowSchema),
  summary: OptionChainSummarySchema,
  /** Total call and put OI change over each look-back window. */
  oiChangeTotals: z.object({
    '15m': z.object({ ce: optionalNumber, pe: optionalNumber }),
    '30m': z.object({ ce: optionalNumber, pe: optionalNumber }),
    '1h': z.object({ ce: optionalNumber, pe: optionalNumber }),
    '4h': z.object({ ce: optionalNumber, pe: optionalNumber }),
  }),
  /** The forward IV and greeks were computed on (the future, or the synthetic future for a weekly expiry). */
  forward: optionalNumber,
  /** Calendar days to expiry (fractional). */
  daysToExpiry: num,
  /** Strikes listed for the expiry. */
  strikesListed: z.number().int(),
});
/** An option chain answer. */
export type OptionChain = z.infer<typeof OptionChainSchema>;

/** `spot`: an index or stock value (spec §3 spot quote: lp and token). */
export const SpotSchema = z.object({
  name: z.string(),
  token: z.number().int(),
  exchange: z.string(),
  lp: num,
  prevClose: num,
  change: num,
  changePercent: num,
  ts: num,
});

/** `prev_day`: the previous session's day candle of each token. */
export const PreviousDayListSchema = z.array(CandleSchema.extend({ token: z.number().int() }));

/** `get_aggregated_oi`: total call and put OI of an expiry per candle. */
export const AggregatedOiSchema = z.object({
  name: z.string(),
  expiry: date,
  points: z.array(z.object({ t: num, callOi: num, putOi: num, pcr: num })),
});

/** `get_index_sector`: each index with its constituents, weights and moves. */
export const IndexSectorListSchema = z.array(
  z.object({
    index: z.string(),
    token: z.number().int(),
    close: optionalNumber,
    changePercent: optionalNumber,
    advances: z.number().int(),
    declines: z.number().int(),
    constituents: z.array(
      z.object({
        symbol: z.string(),
        token: z.number().int(),
        sector: z.string(),
        /** Weight in the index, per cent. */
        weight: num,
        changePercent: optionalNumber,
      }),
    ),
  }),
);

/** `get_index_atm_instruments`: the ATM CE and PE of every derivative index's nearest expiry. */
export const AtmInstrumentsListSchema = z.array(
  z.object({
    name: z.string(),
    expiry: date,
    strike: num,
    spotToken: z.number().int(),
    futToken: z.number().int(),
    ce: InstrumentSchema,
    pe: InstrumentSchema,
  }),
);

const CashFlowSchema = z.object({ buy: num, sell: num, net: num });

/** `get_cash_market`: FII/FPI and DII cash-market activity per session (₹ crore). */
export const CashMarketActivityListSchema = z.array(z.object({ date, fii: CashFlowSchema, dii: CashFlowSchema }));

const DerivativeActivitySchema = z.object({
  buyContracts: num,
  buyValue: num,
  sellContracts: num,
  sellValue: num,
  openInterestContracts: num,
  openInterestValue: num,
});

/** `get_index_stats`: FII activity in index and stock futures and options per session (contracts, ₹ crore). */
export const FiiDerivativesActivityListSchema = z.array(
  z.object({
    date,
    indexFutures: DerivativeActivitySchema,
    indexOptions: DerivativeActivitySchema,
    stockFutures: DerivativeActivitySchema,
    stockOptions: DerivativeActivitySchema,
    /** Per-index rows (BANKNIFTY … NIFTYNXT50, as NSE's `fii_stats` file); they add up to the index totals. */
    indices: z.array(
      z.object({ index: z.string(), futures: DerivativeActivitySchema, options: DerivativeActivitySchema }),
    ),
  }),
);

const ParticipantPositionsSchema = z.object({
  futureIndexLong: num,
  futureIndexShort: num,
  futureStockLong: num,
  futureStockShort: num,
  optionIndexCallLong: num,
  optionIndexPutLong: num,
  optionIndexCallShort: num,
  optionIndexPutShort: num,
  optionStockCallLong: num,
  optionStockPutLong: num,
  optionStockCallShort: num,
  optionStockPutShort: num,
  totalLong: num,
  totalShort: num,
});

/** `get_fno_oi`: participant-wise OI (Client, DII, FII, Pro; contracts) per session. */
export const ParticipantOpenInterestListSchema = z.array(
  z.object({
    date,
    rows: z.object({
      Client: ParticipantPositionsSchema,
      DII: ParticipantPositionsSchema,
      FII: ParticipantPositionsSchema,
      Pro: ParticipantPositionsSchema,
    }),
    total: ParticipantPositionsSchema,
  }),
);

/** `get_spot_cumulative`: advances and declines of a stock group per candle, against the previous close. */
export const BreadthListSchema = z.array(
  z.object({
    t: num,
    advances: z.number().int(),
    declines: z.number().int(),
    unchanged: z.number().int(),
    net: z.number().int(),
    /** Stocks whose candle high passed every earlier high of the session (the session's first candle sets it). */
    newHighs: z.number().int(),
    /** Stocks whose candle low broke every earlier low of the session. */
    newLows: z.number().int(),
  }),
);

/** How price and open interest moved together. */
export const BuildUpSchema = z.enum(['Long Build-up', 'Short Build-up', 'Short Covering', 'Long Unwinding', 'Neutral']);

/** `get_fao_eod`: end-of-day rows of F&O contracts with OI change and build-up. */
export const FaoEodListSchema = z.array(
  z.object({
    token: z.number().int(),
    tradingSymbol: z.string(),
    name: z.string(),
    expiry: date.nullable(),
    rows: z.array(
      CandleSchema.extend({
        date,
        changePercent: optionalNumber,
        oiChange: optionalNumber,
        oiChangePercent: optionalNumber,
        buildUp: BuildUpSchema,
      }),
    ),
  }),
);

/** `get_cash_market_eod`: end-of-day rows of indices and stocks with turnover. */
export const CashEodListSchema = z.array(
  z.object({
    token: z.number().int(),
    tradingSymbol: z.string(),
    name: z.string(),
    rows: z.array(
      CandleSchema.extend({
        date,
        changePercent: optionalNumber,
        /** Traded value, ₹ crore (volume × ATP). */
        turnoverCrore: num,
        /** Quantity delivered (shares; the sum of the sessions' for a week or month) and its share of the volume, %. Null for indices. */
        deliveryQuantity: optionalNumber,
        deliveryPercent: optionalNumber,
      }),
    ),
  }),
);

/** `raw_ticks`: an instrument's trades with aggressor side and the best bid and ask after each. */
export const RawTicksSchema = z.object({
  token: z.number().int(),
  trades: z.array(z.object({ ts: num, price: num, quantity: num, side: z.enum(['buy', 'sell']), bid: num, ask: num })),
});

// Charting and order flow (footprint).
const FootprintLevelSchema = z.object({ price: num, bid: num, ask: num });

/** `footprint`: volume at the bid and at the ask per candle and price row, with the marks read from them. */
export const FootprintSchema = z.object({
  token: z.number().int(),
  tickSize: num,
  /** Row height in ticks, and in rupees. */
  rowTicks: z.number().int(),
  rowSize: num,
  /** Diagonal imbalance threshold, per cent. */
  imbalancePercent: num,
  candles: z.array(
    z.object({
      t: num,
      o: num,
      h: num,
      l: num,
      c: num,
      v: num,
      delta: num,
      cumDelta: num,
      vwap: num,
      poc: num,
      valueAreaLow: num,
      valueAreaHigh: num,
      levels: z.array(FootprintLevelSchema),
      buyImbalances: z.array(num),
      sellImbalances: z.array(num),
      stacked: z.array(z.object({ side: z.enum(['buy', 'sell']), from: num, to: num })),
      absorption: z.enum(['buy', 'sell']).nullable(),
      divergence: z.enum(['bullish', 'bearish']).nullable(),
    }),
  ),
  /** The range's volume profile: bid and ask volume per row over every candle. */
  profile: z.array(FootprintLevelSchema),
});
/** A footprint answer. */
export type FootprintData = z.infer<typeof FootprintSchema>;

/** `rollover`: futures rollover of every root at a session's close. */
export const RolloverSchema = z.object({
  date,
  rows: z.array(
    z.object({
      root: z.string(),
      nearExpiry: date,
      nearOpenInterest: num,
      nextOpenInterest: num,
      farOpenInterest: num,
      rolloverPercent: num,
      rolloverCostPercent: num,
    }),
  ),
});

/** `seasonality`: calendar-month returns over the whole history, and per month of the year. */
export const SeasonalitySchema = z.object({
  token: z.number().int(),
  name: z.string(),
  months: z.array(
    z.object({ year: z.number().int(), month: z.number().int(), open: num, close: num, returnPercent: num }),
  ),
  byMonth: z.array(
    z.object({
      month: z.number().int(),
      years: z.number().int(),
      averageReturnPercent: optionalNumber,
      positiveYears: z.number().int(),
    }),
  ),
});

/** `straddle`: CE + PE premium of one strike per candle. */
export const StraddleSchema = z.object({
  name: z.string(),
  expiry: date,
  strike: num,
  ceToken: z.number().int(),
  peToken: z.number().int(),
  points: z.array(z.object({ t: num, ce: num, pe: num, value: num })),
});

/** `stock_atm_straddle`: every F&O stock's near-month ATM straddle. */
export const StockAtmStraddlesSchema = z.object({
  at: num,
  rows: z.array(
    z.object({
      symbol: z.string(),
      token: z.number().int(),
      expiry: date,
      strike: num,
      spot: num,
      ce: num,
      pe: num,
      straddle: num,
      /** Straddle as a share of spot, per cent: the move the options price in to expiry. */
      percentOfSpot: num,
    }),
  ),
});

/** `stock_atm_straddle_plot`: the ATM straddle per candle, its strike following the spot. */
export const StockAtmStraddlePlotSchema = z.object({
  name: z.string(),
  expiry: date,
  points: z.array(z.object({ t: num, spot: num, strike: num, ce: num, pe: num, straddle: num })),
});

/** `fno-mwpl`: market-wide position limits, and the ban list with entrants and exits when asked for. */
export const MwplSchema = z.object({
  date,
  banned: z.array(z.string()).optional(),
  entrants: z.array(z.string()).optional(),
  exits: z.array(z.string()).optional(),
  securities: z.array(
    z.object({ symbol: z.string(), mwpl: num, openInterest: num, utilisation: num, limitForNextDay: num }),
  ),
});

const GreeksSchema = z.object({
  delta: optionalNumber,
  gamma: optionalNumber,
  theta: optionalNumber,
  vega: optionalNumber,
});

/** A strategy leg resolved, with what a payoff diagram needs. */
export const StrategyLegResultSchema = z.object({
  token: z.number().int(),
  tradingSymbol: z.string(),
  name: z.string(),
  instrumentType: z.enum(['INDEX', 'EQ', 'FUT', 'CE', 'PE']),
  expiry: date.nullable(),
  strike: optionalNumber,
  lotSize: z.number().int(),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.number().int(),
  /** Entry price (as sent, or the first candle's open). */
  price: num,
  /** Last price as of the range's end. */
  ltp: optionalNumber,
  /** Implied volatility of an option, per cent. */
  iv: optionalNumber,
  /** Position greeks (per-unit greeks × signed quantity). */
  greeks: GreeksSchema,
});

/** What a payoff diagram is drawn from: the legs, the underlying, time to expiry and rate. */
export const StrategyPayoffInputsSchema = z.object({
  underlying: z.string().nullable(),
  spot: optionalNumber,
  futures: optionalNumber,
  /** Calendar days from the range's end to the nearest leg expiry. */
  daysToExpiry: optionalNumber,
  rate: num,
  /** Net premium paid (+) or received (−) at the entry prices, rupees. */
  netPremium: num,
  greeks: GreeksSchema,
});

/** `strategy-new`: the legs, the payoff inputs and the combined premium and P&L per candle. */
export const StrategySeriesSchema = z.object({
  legs: z.array(StrategyLegResultSchema),
  payoff: StrategyPayoffInputsSchema,
  /** premium = Σ ± quantity × close (+ bought, − sold); pnl = Σ ± quantity × (close − entry price). */
  series: z.array(z.object({ t: num, premium: num, pnl: num })),
});

/**
 * `strategy-ch`: the legs, the payoff inputs and the combined premium as candles (from minute opens and closes), with
 * v = Σ leg volumes (units traded, whatever the side) and atp = Σ ± quantity × leg ATP at the candle's last minute.
 */
export const StrategyChartSchema = z.object({
  legs: z.array(StrategyLegResultSchema),
  payoff: StrategyPayoffInputsSchema,
  candles: z.array(z.object({ t: num, o: num, h: num, l: num, c: num, v: num, atp: num })),
});

// --- Options analytics pages (market-maker-analysis, volatality-analysis) -------------------------------------------

/**
 * `gex`: dealer gamma exposure, GEX_k = γ × OI × S² × 1 % (+ for calls, − for puts: dealers long calls, short
 * puts), in rupees per 1 % move, by strike over the listed ladder, with the walls, the zero-gamma flip (the spot
 * level where net GEX recomputed at that level crosses zero) and net GEX every 15 minutes of the session.
 */
export const GammaExposureSchema = z.object({
  name: z.string(),
  expiry: date,
  /** The minute the chain is as of. */
  at: num,
  spot: optionalNumber,
  forward: optionalNumber,
  atmStrike: optionalNumber,
  maxPainStrike: optionalNumber,
  daysToExpiry: num,
  callGex: num,
  putGex: num,
  netGex: num,
  callWall: optionalNumber,
  putWall: optionalNumber,
  /** Null when net GEX keeps one sign within ±10 % of spot. */
  flip: optionalNumber,
  regime: z.enum(['range', 'trend', 'neutral']),
  strikes: z.array(
    z.object({ strike: num, ceOi: optionalNumber, peOi: optionalNumber, callGex: num, putGex: num, netGex: num }),
  ),
  /** Net GEX and the flip at each quarter hour since the open, and at `at`. */
  history: z.array(z.object({ t: num, spot: optionalNumber, netGex: num, flip: optionalNumber })),
});

/** `iv_history`: one point per session, oldest first; IVs in per cent a year. */
export const IvHistorySchema = z.object({
  name: z.string(),
  points: z.array(
    z.object({
      /** The session (its close is the instant of the quotes). */
      date,
      /** The nearest expiry at least two days away then. */
      expiry: date,
      strike: num,
      forward: num,
      iv: num,
      /** The underlying's close that session. */
      close: optionalNumber,
    }),
  ),
});

/** `iv_term_structure`: the ATM IV of each listed expiry (per cent a year), nearest first. */
export const IvTermStructureSchema = z.object({
  name: z.string(),
  at: num,
  points: z.array(
    z.object({ expiry: date, daysToExpiry: num, strike: num, forward: optionalNumber, iv: optionalNumber }),
  ),
});
