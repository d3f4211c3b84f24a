import type { Resolution } from '@fnodesk/domain';
import {
  CHAIN_ATM_BASES,
  RESOLUTIONS,
  RESOLUTION_MINUTES,
  addCalendarDays,
  PICKER_INDEX_ROOTS,
  decodeInstrumentToken,
  derivativesRoots,
  findDerivativesUnderlying,
  findIndexByName,
  isIsoDate,
  isIntradayResolution,
  istMidnight,
} from '@fnodesk/domain';
import { z } from 'zod';
import { textSchema } from './text';

/**
 * Market-data API `/data/v1` (spec signed-in-app §3, §7; ARCHITECTURE §3). Query parameters arrive as strings;
 * these schemas turn them into typed values and refuse anything else with 400.
 */

/** Exchange segments the data API knows. */
export const EXCHANGE_CODES = ['NSE', 'BSE', 'NFO', 'BFO'] as const;

/** A comma-separated list of exchanges, any case (`nse,nfo`), de-duplicated, upper-cased. */
export const ExchangeListSchema = textSchema()
  .trim()
  .max(40)
  .transform((v, ctx) => {
    const parts = [
      ...new Set(
        v
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    const unknown = parts.filter((p) => !(EXCHANGE_CODES as readonly string[]).includes(p));
    if (parts.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `exchange must be a comma-separated list of ${EXCHANGE_CODES.join(', ')}`,
      });
      return z.NEVER;
    }
    return parts as (typeof EXCHANGE_CODES)[number][];
  });

/** `get_exchange_holidays?exchange&year`. */
export const ExchangeHolidaysQuerySchema = z.object({
  exchange: ExchangeListSchema.default(['NSE']),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** One holiday (spec §3 Holiday). */
export const HolidaySchema = z.object({
  /** `YYYY-MM-DD` (IST). */
  date: z.string(),
  /** `DD-MMM-YYYY`, as the pages show and cache it. */
  formattedDate: z.string(),
  description: z.string(),
  weekday: z.string(),
});
/** One holiday. */
export type Holiday = z.infer<typeof HolidaySchema>;

/** `get_exchange_holidays` data: holidays per requested exchange, and which years have a published list. */
export const ExchangeHolidaysSchema = z.object({
  holidays: z.record(z.string(), z.array(HolidaySchema)),
  /** Years whose list the exchanges have published; other years count weekends only. */
  publishedYears: z.array(z.number().int()),
});

/** One special session (Budget Sunday, Muhurat; spec §3). */
export const SpecialSessionSchema = z.object({
  date: z.string(),
  formattedDate: z.string(),
  kind: z.string(),
  description: z.string(),
  exchanges: z.array(z.string()),
  /** Session window in IST `HH:MM`, or null while the exchange has not announced the timings. */
  open: z.string().nullable(),
  close: z.string().nullable(),
});
/** One special session. */
export type SpecialSession = z.infer<typeof SpecialSessionSchema>;

/** `get_special_session` data. */
export const SpecialSessionsSchema = z.array(SpecialSessionSchema);

// ---------------------------------------------------------------------------------------------------------------
// Parameters of the market-data routes (ARCHITECTURE §3). Instants are ISO-8601 or epoch milliseconds; an ISO text
// without an offset is read in IST, the market's time zone. Names, expiries and strikes are checked against the
// reference data here, so a request that names nothing is refused with the offending field.
// ---------------------------------------------------------------------------------------------------------------

/** The earliest and latest instants (epoch ms) a market-data parameter may name: 2000-01-01 to 2099-12-31 UTC. */
export const MARKET_DATA_TIME_BOUNDS = Object.freeze({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) - 1 });

const EPOCH_MS_TEXT = /^\d{1,16}$/;
const ISO_DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
// A '+' in a query string arrives as a space, so an offset may start with one.
const ISO_DATE_TIME_TEXT =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+\- ]\d{2}:?\d{2})?$/;
const IST_OFFSET_TEXT = '+05:30';

/**
 * Reads an instant: epoch milliseconds, an ISO-8601 date (`2026-11-20`: IST midnight, or the day's last millisecond
 * when `edge` is `end`) or date-time (`2026-11-20T09:15`, IST unless an offset or `Z` is given). Null if invalid.
 */
export function parseMarketInstant(text: string, edge: 'start' | 'end' = 'start'): number | null {
  let ms: number;
  if (EPOCH_MS_TEXT.test(text)) {
    ms = Number(text);
  } else if (ISO_DATE_TEXT.test(text)) {
    if (!isIsoDate(text)) return null;
    ms = edge === 'start' ? istMidnight(text) : istMidnight(addCalendarDays(text, 1)) - 1;
  } else {
    const match = ISO_DATE_TIME_TEXT.exec(text);
    if (!match) return null;
    const [, date = '', hours = '', minutes = '', seconds = '00', millis = '0', offset] = match;
    if (!isIsoDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
    const zone = offset === undefined ? IST_OFFSET_TEXT : offset === 'Z' ? 'Z' : offsetText(offset);
    if (zone === null) return null;
    ms = Date.parse(`${date}T${hours}:${minutes}:${seconds}.${millis.padEnd(3, '0')}${zone}`);
  }
  return Number.isFinite(ms) && ms >= MARKET_DATA_TIME_BOUNDS.min && ms <= MARKET_DATA_TIME_BOUNDS.max ? ms : null;
}

function offsetText(offset: string): string | null {
  const sign = offset[0] === '-' ? '-' : '+';
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  return hours <= 14 && minutes <= 59 ? `${sign}${digits.slice(0, 2)}:${digits.slice(2)}` : null;
}

/** An instant parameter (`from`, `to`, `time`), as epoch milliseconds; see {@link parseMarketInstant}. */
export function instantParam(edge: 'start' | 'end' = 'start') {
  return textSchema()
    .trim()
    .max(40)
    .transform((text, ctx) => {
      const ms = parseMarketInstant(text, edge);
      if (ms === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'expected an ISO-8601 date or date-time (IST unless an offset is given) or epoch milliseconds',
        });
        return z.NEVER;
      }
      return ms;
    });
}

/** A calendar date `YYYY-MM-DD` (IST). */
export const MarketDateSchema = textSchema()
  .trim()
  .max(10)
  .refine((text) => ISO_DATE_TEXT.test(text) && isIsoDate(text), { message: 'expected a date as YYYY-MM-DD' });

/** A chart resolution, exactly as the spec names them (`1m` … `75m`, `1h`, `2h`, `1D`, `1W`, `1M`). */
export const ResolutionSchema = z.enum(RESOLUTIONS);

/** The day-or-longer resolutions of the end-of-day routes. */
export const EodResolutionSchema = z.enum(['1D', '1W', '1M']);

/** One instrument token: a whole number the token scheme can have written. */
export const InstrumentTokenParamSchema = textSchema()
  .trim()
  .max(20)
  .transform((text, ctx) => {
    const token = tokenOf(text);
    if (token === null) {
      ctx.addIssue({ code: 'custom', message: 'expected an instrument token' });
      return z.NEVER;
    }
    return token;
  });

function tokenOf(text: string): number | null {
  if (!EPOCH_MS_TEXT.test(text)) return null;
  const token = Number(text);
  try {
    decodeInstrumentToken(token);
    return token;
  } catch {
    return null;
  }
}

/** A comma-separated list of instrument tokens (duplicates dropped, order kept), at most `max` of them. */
export function tokenListParam(max: number) {
  return textSchema()
    .trim()
    .max(max * 18)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const tokens: number[] = [];
      for (const part of parts) {
        const token = tokenOf(part);
        if (token === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'expected comma-separated instrument tokens (whole numbers)',
          });
          return z.NEVER;
        }
        if (!tokens.includes(token)) tokens.push(token);
      }
      if (tokens.length > max) {
        ctx.addIssue({ code: 'custom', message: `at most ${max} tokens per request` });
        return z.NEVER;
      }
      return tokens;
    });
}

/**
 * The derivatives root an underlying name stands for: a root (`NIFTY`, `BANKNIFTY`, `RELIANCE`) or the index's
 * name (`NIFTY 50`, `NIFTY BANK`), any case.
 */
export function derivativesRootOf(name: string): string | null {
  const upper = name.trim().toUpperCase();
  if (findDerivativesUnderlying(upper)) return upper;
  return findIndexByName(upper)?.derivatives?.root ?? null;
}

/** An underlying with futures and options, turned into its derivatives root. */
export const UnderlyingParamSchema = textSchema()
  .trim()
  .max(40)
  .transform((text, ctx) => {
    const root = derivativesRootOf(text);
    if (!root) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected an F&O underlying such as NIFTY, BANKNIFTY, SENSEX or RELIANCE',
      });
      return z.NEVER;
    }
    return root;
  });

/** Any index or F&O stock: its derivatives root when it has one, else the index's feed symbol (`NIFTY AUTO`). */
export const InstrumentNameParamSchema = textSchema()
  .trim()
  .max(40)
  .transform((text, ctx) => {
    const root = derivativesRootOf(text);
    const index = findIndexByName(text.trim().toUpperCase());
    const name = root ?? index?.tradingSymbol;
    if (!name) {
      ctx.addIssue({ code: 'custom', message: 'expected an index or F&O stock such as NIFTY, NIFTY AUTO or RELIANCE' });
      return z.NEVER;
    }
    return name;
  });

/** An option strike in rupees: positive, a multiple of ₹0.05, below ₹5,00,000. */
export const StrikeParamSchema = textSchema()
  .trim()
  .max(12)
  .transform((text, ctx) => {
    const strike = /^\d{1,6}(\.\d{1,2})?$/.test(text) ? Number(text) : NaN;
    const units = strike / 0.05;
    if (!(strike > 0 && strike < 500_000) || Math.abs(units - Math.round(units)) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: 'expected a strike in rupees, a positive multiple of 0.05' });
      return z.NEVER;
    }
    return Number((Math.round(units) * 0.05).toFixed(2));
  });

/** A whole number parameter within bounds. */
export function wholeNumberParam(min: number, max: number) {
  return textSchema()
    .trim()
    .max(12)
    .transform((text, ctx) => {
      const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (!(value >= min && value <= max)) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return value;
    });
}

/** A true/false flag (`true`, `false`, `1`, `0`). */
export const FlagParamSchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Option kind. */
export const OptionKindSchema = textSchema()
  .trim()
  .max(2)
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['CE', 'PE']));

/** Instrument list filters of search (spec §2.10), in the spec's order. */
export const SEARCH_FILTERS = ['all', 'nifty', 'banknifty', 'niftynxt50', 'sensex', 'midcpnifty'] as const;
/** An instrument list filter. */
export const SearchFilterSchema = z.enum(SEARCH_FILTERS);

/** What the ATM strike is centred on (spec §2.8): Spot, Futures (default) or SynFut. */
export const AtmBasisSchema = z.enum(CHAIN_ATM_BASES);

// --- Range budgets: what one request may ask the market to compute. -------------------------------------------

/** Most instruments in one candle request (the Option Chain Charts page needs 31). */
export const MAX_CANDLE_TOKENS = 50;
/** Most candles one request may cover, estimated from calendar days × candles per day × instruments. */
export const MAX_CANDLES_PER_REQUEST = 150_000;
/** Longest span of raw trades one request may ask for. */
export const MAX_RAW_TICKS_SPAN_MS = 60 * 60_000;
/** Most instrument-days of day candles one request may cover (instruments × calendar days). */
export const MAX_DAY_CANDLE_INSTRUMENT_DAYS = 10_000;
/** Longest span of the daily datasets (FII/DII, participant OI, FII derivatives): ten years. */
export const MAX_DAILY_DATASET_DAYS = 3_700;
const DAY_MS = 86_400_000;
const SESSION_MINUTES = 375;

/** Candles a request may produce: calendar days (rounded up) × candles per day × instruments. */
export function estimatedCandles(resolution: Resolution, from: number, to: number, instruments: number): number {
  const days = Math.max(1, Math.ceil((to - from + 1) / DAY_MS));
  const perDay =
    resolution === '1D'
      ? 1
      : resolution === '1W' || resolution === '1M'
        ? 1 / 5
        : Math.ceil(SESSION_MINUTES / RESOLUTION_MINUTES[resolution]);
  return Math.ceil(days * perDay * instruments);
}

interface RangeIssueContext {
  addIssue(issue: { code: 'custom'; message: string; path: string[] }): void;
}

function checkOrder(from: number, to: number, ctx: RangeIssueContext): boolean {
  if (to < from) {
    ctx.addIssue({ code: 'custom', message: 'to must not be before from', path: ['to'] });
    return false;
  }
  return true;
}

function checkCandleBudget(
  query: { from: number; to: number },
  resolution: Resolution,
  instruments: number,
  ctx: RangeIssueContext,
): void {
  if (!checkOrder(query.from, query.to, ctx)) return;
  const candles = estimatedCandles(resolution, query.from, query.to, instruments);
  if (candles > MAX_CANDLES_PER_REQUEST) {
    ctx.addIssue({
      code: 'custom',
      message: `the range asks for about ${candles} candles; at most ${MAX_CANDLES_PER_REQUEST} per request (shorten from–to, use a longer resolution or fewer tokens)`,
      path: ['from'],
    });
  }
}

function checkDayCandleBudget(query: { from: number; to: number }, instruments: number, ctx: RangeIssueContext): void {
  if (!checkOrder(query.from, query.to, ctx)) return;
  const days = Math.max(1, Math.ceil((query.to - query.from + 1) / DAY_MS));
  if (days * instruments > MAX_DAY_CANDLE_INSTRUMENT_DAYS) {
    const most = Math.max(1, Math.floor(MAX_DAY_CANDLE_INSTRUMENT_DAYS / instruments));
    ctx.addIssue({
      code: 'custom',
      message: `for ${instruments} instruments the range may span at most ${most} days`,
      path: ['from'],
    });
  }
}

function checkDaySpan(query: { from: number; to: number }, maxDays: number, ctx: RangeIssueContext): void {
  if (!checkOrder(query.from, query.to, ctx)) return;
  if (query.to - query.from > maxDays * DAY_MS) {
    ctx.addIssue({ code: 'custom', message: `the range may span at most ${maxDays} days`, path: ['from'] });
  }
}

// --- Queries, one per route. --------------------------------------------------------------------------------------

/** Routes without parameters. */
export const NoQuerySchema = z.object({});

/** `get_all_future_ticks?time`: every listed future's tick at an instant (default: now, as the tier serves it). */
export const AllFutureTicksQuerySchema = z.object({ time: instantParam('start').optional() });

/** `search?query&filter`. */
export const SearchQuerySchema = z.object({
  query: textSchema().trim().max(50).default(''),
  filter: SearchFilterSchema.default('all'),
});

/** `get_option_expiry?name`. */
export const OptionExpiryQuerySchema = z.object({ name: UnderlyingParamSchema });

/** `instruments?name&exchange` or `instruments?tokens`: exactly one of `name` and `tokens`. */
export const InstrumentsQuerySchema = z
  .object({
    name: InstrumentNameParamSchema.optional(),
    exchange: textSchema()
      .trim()
      .max(4)
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(EXCHANGE_CODES))
      .optional(),
    tokens: tokenListParam(500).optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.name === undefined) === (query.tokens === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'give either name (with an optional exchange) or tokens',
        path: ['name'],
      });
    }
  });

/** `ticks?tokens`. */
export const TicksQuerySchema = z.object({ tokens: tokenListParam(500) });

/** `get_option_chain_instruments?name&expiry`. */
export const OptionChainInstrumentsQuerySchema = z.object({ name: UnderlyingParamSchema, expiry: MarketDateSchema });

/** `pattern?tokens&type&from&to`: candles of instruments, `type` being the resolution. */
export const PatternQuerySchema = z
  .object({
    tokens: tokenListParam(MAX_CANDLE_TOKENS),
    type: ResolutionSchema,
    from: instantParam('start'),
    to: instantParam('end'),
  })
  .superRefine((q, ctx) => checkCandleBudget(q, q.type, q.tokens.length, ctx));

/** `candles?tokens&resolution&from&to` (Option Chain Charts): candles of instruments. */
export const CandlesQuerySchema = z
  .object({
    tokens: tokenListParam(MAX_CANDLE_TOKENS),
    resolution: ResolutionSchema,
    from: instantParam('start'),
    to: instantParam('end'),
  })
  .superRefine((q, ctx) => checkCandleBudget(q, q.resolution, q.tokens.length, ctx));

/** `daily?tokens&from&to` (Option Chain Charts): day candles, holidays excluded. */
export const DailyQuerySchema = z
  .object({ tokens: tokenListParam(MAX_CANDLE_TOKENS), from: instantParam('start'), to: instantParam('end') })
  .superRefine((q, ctx) => checkDayCandleBudget(q, q.tokens.length, ctx));

/** `prev_day?tokens` (Option Chain Charts): the previous session's day candle of each token. */
export const PrevDayQuerySchema = z.object({ tokens: tokenListParam(200) });

/** `option_chain?name&expiry&strikes&atm` (Option Chain Charts): strikes around ATM with their options. */
export const OptionChainQuerySchema = z.object({
  name: UnderlyingParamSchema,
  expiry: MarketDateSchema,
  /** How many strikes to show around ATM (spec §5: 1 to 15; default 3). */
  strikes: wholeNumberParam(1, 15).default(3),
  atm: AtmBasisSchema.default('Futures'),
});

/** `spot?name` (Option Chain Charts): the index or stock value (BSE for SENSEX and BANKEX). */
export const SpotQuerySchema = z.object({ name: InstrumentNameParamSchema });

/**
 * `get_aggregated_oi?token&type&from&to&expiry&strike`: total call and put OI of an expiry per candle. `token` is
 * the underlying's (its index or stock token), `type` the resolution, `strike` how many strikes each side of ATM
 * to add up (every listed strike when absent).
 */
export const AggregatedOiQuerySchema = z
  .object({
    token: InstrumentTokenParamSchema,
    type: ResolutionSchema,
    from: instantParam('start'),
    to: instantParam('end'),
    expiry: MarketDateSchema,
    strike: wholeNumberParam(1, 40).optional(),
  })
  .superRefine((q, ctx) => checkCandleBudget(q, q.type, 2 * (2 * (q.strike ?? 40) + 1), ctx));

/** `get_cash_market?from&to`, `get_index_stats?from&to`, `get_fno_oi?from&to`: daily datasets between dates. */
export const DailyDatasetQuerySchema = z
  .object({ from: instantParam('start'), to: instantParam('end') })
  .superRefine((q, ctx) => checkDaySpan(q, MAX_DAILY_DATASET_DAYS, ctx));

/** `get_spot_cumulative?filter&type&from&to`: advances and declines of a stock group per candle. */
export const SpotCumulativeQuerySchema = z
  .object({
    filter: SearchFilterSchema.default('all'),
    type: ResolutionSchema,
    from: instantParam('start'),
    to: instantParam('end'),
  })
  // Each candle is counted over every stock of the group (up to about 210).
  .superRefine((q, ctx) => checkCandleBudget(q, q.type, 200, ctx));

/** `option_instrument?name&type&expiry&strike`: one option contract. */
export const OptionInstrumentQuerySchema = z.object({
  name: UnderlyingParamSchema,
  type: OptionKindSchema,
  expiry: MarketDateSchema,
  strike: StrikeParamSchema,
});

const eodFields = {
  from: instantParam('start'),
  to: instantParam('end'),
  type: EodResolutionSchema.default('1D'),
  tokens: tokenListParam(MAX_CANDLE_TOKENS).optional(),
};

/**
 * `get_fao_eod` and `get_cash_market_eod` (`?from&type&to&tokens`): end-of-day rows, `type` 1D, 1W or 1M. Without
 * tokens they cover every F&O underlying, which keeps the range to a few weeks.
 */
export const EodQuerySchema = z
  .object(eodFields)
  .superRefine((q, ctx) => checkDayCandleBudget(q, q.tokens?.length ?? derivativesRoots().length, ctx));

/** `get_eod?from&type&to&tokens`: end-of-day candles; the seven derivative indices when tokens is absent. */
export const EodCandlesQuerySchema = z
  .object(eodFields)
  .superRefine((q, ctx) => checkDayCandleBudget(q, q.tokens?.length ?? PICKER_INDEX_ROOTS.length, ctx));

/** `raw_ticks?from&to&token`: an instrument's trades (aggressor side, best bid and ask), at most an hour. */
export const RawTicksQuerySchema = z
  .object({ token: InstrumentTokenParamSchema, from: instantParam('start'), to: instantParam('end') })
  .superRefine((q, ctx) => {
    if (!checkOrder(q.from, q.to, ctx)) return;
    if (q.to - q.from > MAX_RAW_TICKS_SPAN_MS) {
      ctx.addIssue({ code: 'custom', message: 'raw ticks are served for at most an hour per request', path: ['from'] });
    }
  });

// Charting and order flow (footprint).
/** Longest span of one footprint request: a day, so a whole session (with its pre-open) is one request. */
export const MAX_FOOTPRINT_SPAN_MS = 24 * 60 * 60_000;
/** Resolutions a footprint is served in: from 1m to an hour (longer candles have too many rows to read). */
export const FOOTPRINT_RESOLUTIONS = ['1m', '2m', '3m', '5m', '10m', '15m', '30m', '1h'] as const;

/**
 * `footprint?token&type&from&to&rows&imbalance`: an instrument's footprint per candle (type = resolution); `rows`
 * is the row height in ticks (default by instrument), `imbalance` the diagonal imbalance threshold in per cent.
 */
export const FootprintQuerySchema = z
  .object({
    token: InstrumentTokenParamSchema,
    type: z.enum(FOOTPRINT_RESOLUTIONS),
    from: instantParam('start'),
    to: instantParam('end'),
    rows: wholeNumberParam(1, 1000).optional(),
    imbalance: wholeNumberParam(110, 1000).optional(),
  })
  .superRefine((q, ctx) => {
    if (!checkOrder(q.from, q.to, ctx)) return;
    if (q.to - q.from > MAX_FOOTPRINT_SPAN_MS) {
      ctx.addIssue({ code: 'custom', message: 'a footprint is served for at most a day per request', path: ['from'] });
    }
  });

/** `rollover?date`: futures rollover at the close of a session (default: the latest closed one). */
export const RolloverQuerySchema = z.object({ date: MarketDateSchema.optional() });

/** `seasonality?token`: calendar-month returns of an index or stock. */
export const SeasonalityQuerySchema = z.object({ token: InstrumentTokenParamSchema });

/** `straddle?instrument&expiry&strike_price&from&to&type`: CE + PE premium of one strike per candle (default 1m). */
export const StraddleQuerySchema = z
  .object({
    instrument: UnderlyingParamSchema,
    expiry: MarketDateSchema,
    strike_price: StrikeParamSchema,
    from: instantParam('start'),
    to: instantParam('end'),
    type: ResolutionSchema.default('1m'),
  })
  .superRefine((q, ctx) => checkCandleBudget(q, q.type, 2, ctx));

/** `stock_atm_straddle?date`: every F&O stock's near-month ATM straddle at a session's close (default: now). */
export const StockAtmStraddleQuerySchema = z.object({ date: MarketDateSchema.optional() });

/** `stock_atm_straddle_plot?name&expiry&type&from&to`: the ATM straddle per candle, the strike following spot. */
export const StockAtmStraddlePlotQuerySchema = z
  .object({
    name: UnderlyingParamSchema,
    expiry: MarketDateSchema,
    type: ResolutionSchema,
    from: instantParam('start'),
    to: instantParam('end'),
  })
  // The spot, and the CE and PE of each strike the ATM visits (a handful a day).
  .superRefine((q, ctx) => checkCandleBudget(q, q.type, 12, ctx));

/** `fno-mwpl?ban&date&entrants&exits`: market-wide position limits and the F&O ban list of a session. */
export const MwplQuerySchema = z.object({
  date: MarketDateSchema.optional(),
  ban: FlagParamSchema.default(true),
  entrants: FlagParamSchema.default(true),
  exits: FlagParamSchema.default(true),
});

/** Most legs one strategy may have. */
export const MAX_STRATEGY_LEGS = 12;

/** `strategy-new` and `strategy-ch` (`?type&from&to`). */
export const StrategyQuerySchema = z
  .object({ type: ResolutionSchema, from: instantParam('start'), to: instantParam('end') })
  // Charts are built from minute (or day) candles whatever the resolution asked for.
  .superRefine((q, ctx) =>
    isIntradayResolution(q.type)
      ? checkCandleBudget(q, '1m', MAX_STRATEGY_LEGS, ctx)
      : checkDayCandleBudget(q, MAX_STRATEGY_LEGS, ctx),
  );

/** One strategy leg: an instrument (by token or trading symbol), a quantity in units, buy or sell, and a price. */
export const StrategyLegSchema = z
  .object({
    token: z.number().int().positive().optional(),
    symbol: textSchema().trim().min(1).max(40).optional(),
    /** Units (lots × lot size). */
    quantity: z.number().int().min(1).max(10_000_000),
    side: textSchema()
      .trim()
      .max(4)
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(['BUY', 'SELL'])),
    /** Entry price in rupees; the first candle's open when absent. */
    price: z.number().nonnegative().max(10_000_000).optional(),
  })
  .superRefine((leg, ctx) => {
    if ((leg.token === undefined) === (leg.symbol === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give either token or symbol', path: ['token'] });
    }
  });
/** One strategy leg as sent. */
export type StrategyLeg = z.infer<typeof StrategyLegSchema>;

/** Body of `strategy-new` and `strategy-ch`: `{legs: [...]}`, or the list of legs itself. */
export const StrategyBodySchema = z.preprocess(
  (body) => (Array.isArray(body) ? { legs: body } : body),
  z.object({ legs: z.array(StrategyLegSchema).min(1).max(MAX_STRATEGY_LEGS) }),
);

// --- Options analytics pages (market-maker-analysis, volatality-analysis) -------------------------------------------

/** `gex?name&expiry`: dealer gamma exposure of an expiry's chain. */
export const GammaExposureQuerySchema = z.object({ name: UnderlyingParamSchema, expiry: MarketDateSchema });

/** `iv_history?name&days`: the daily ATM IV of an underlying's nearest expiry over the last `days` sessions. */
export const IvHistoryQuerySchema = z.object({
  name: UnderlyingParamSchema,
  /** Sessions to look back (default 250, about a year). */
  days: wholeNumberParam(20, 500).default(250),
});

/** `iv_term_structure?name`: the ATM IV of every listed expiry of an underlying. */
export const IvTermStructureQuerySchema = z.object({ name: UnderlyingParamSchema });
