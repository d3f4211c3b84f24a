// End-of-day datasets and breadth behind `/data/v1`: closed sessions only, up to the instant the caller's tier serves.
import type {
  BreadthListSchema,
  CashEodListSchema,
  CashMarketActivityListSchema,
  FaoEodListSchema,
  FiiDerivativesActivityListSchema,
  MwplSchema,
  ParticipantOpenInterestListSchema,
  RolloverSchema,
  SeasonalitySchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import type { IsoDate, Resolution } from '@fnodesk/domain';
import { candleBucketStart, istDateOf, isTradingDay, previousTradingDay } from '@fnodesk/domain';
import type { Candle, SearchFilter } from '@fnodesk/market-sim';
import { buildUp } from '@fnodesk/market-sim';
import { errors } from '../../platform/errors';
import { BoundedCache } from './bounded-cache';
import type { EodData, MarketData } from './market-data.port';
import { percentChangeOrNull, roundedOrNull } from './market-format';
import { closedAsOf, closedDates, closedThrough, requireHistoryDate, type Data, type MarketView } from './market-view';

type EodRowsKind = 'fao' | 'cash' | 'plain';

const DAY_MS = 86_400_000;
const CRORE = 1e7;
// How far before `from` to look for the candle the first row's change is measured against.
const EOD_LOOKBACK_DAYS: Readonly<Record<'1D' | '1W' | '1M', number>> = { '1D': 10, '1W': 21, '1M': 70 };

/** The end-of-day service: one per process, over the market-data port. */
export class EodService {
  private readonly banLists = new BoundedCache<IsoDate, ReturnType<EodData['banList']>>(32);
  private readonly eodAnswers = new BoundedCache<string, unknown>(64);

  constructor(private readonly data: MarketData) {}

  /** Advances and declines of a stock group per candle against the previous close, with their difference. */
  spotCumulative(
    view: MarketView,
    filter: SearchFilter,
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof BreadthListSchema> {
    const end = Math.min(to, view.asOf);
    if (end < from) return [];
    return this.data.series
      .breadth(filter, resolution, from, end)
      .map((point) => ({ ...point, net: point.advances - point.declines }));
  }

  /** FII/FPI and DII cash-market activity of the sessions between two instants, closed sessions only. */
  cashMarket(view: MarketView, from: number, to: number): Data<typeof CashMarketActivityListSchema> {
    const range = closedDates(view, from, to);
    return range ? this.data.eod.cashMarket(range.from, range.to) : [];
  }

  /** FII index and stock derivatives activity of the sessions between two instants, closed sessions only. */
  indexStats(view: MarketView, from: number, to: number): Data<typeof FiiDerivativesActivityListSchema> {
    const range = closedDates(view, from, to);
    return range ? this.data.eod.fiiDerivatives(range.from, range.to) : [];
  }

  /** Participant-wise OI of the sessions between two instants, closed sessions only. */
  participantOi(view: MarketView, from: number, to: number): Data<typeof ParticipantOpenInterestListSchema> {
    const range = closedDates(view, from, to);
    return range ? this.data.eod.participantOpenInterest(range.from, range.to) : [];
  }

  /** End-of-day rows of F&O contracts (default: every near-month future) with OI change and build-up. */
  faoEod(
    view: MarketView,
    tokens: readonly number[] | undefined,
    resolution: '1D' | '1W' | '1M',
    from: number,
    to: number,
  ): Data<typeof FaoEodListSchema> {
    return this.eodRows('fao', view, tokens, resolution, from, to) as Data<typeof FaoEodListSchema>;
  }

  /** End-of-day rows of indices and stocks (default: every F&O underlying) with turnover. */
  cashEod(
    view: MarketView,
    tokens: readonly number[] | undefined,
    resolution: '1D' | '1W' | '1M',
    from: number,
    to: number,
  ): Data<typeof CashEodListSchema> {
    return this.eodRows('cash', view, tokens, resolution, from, to) as Data<typeof CashEodListSchema>;
  }

  /** End-of-day candles of instruments (default: the derivative indices), closed sessions only. */
  eod(
    view: MarketView,
    tokens: readonly number[] | undefined,
    resolution: '1D' | '1W' | '1M',
    from: number,
    to: number,
  ): Data<typeof TokenCandlesListSchema> {
    return this.eodRows('plain', view, tokens, resolution, from, to) as Data<typeof TokenCandlesListSchema>;
  }

  /** Futures rollover of every root at the close of a session (default and latest: the last closed one). */
  rollover(view: MarketView, date: IsoDate | undefined): Data<typeof RolloverSchema> {
    requireHistoryDate(date, 'date');
    const through = closedThrough(view);
    let day = date !== undefined && date < through ? date : through;
    if (!isTradingDay(day, 'NFO')) day = previousTradingDay(day, 'NFO');
    return { date: day, rows: this.data.eod.rollover(day) };
  }

  /** Calendar-month returns of an index or stock over its history, and their average per month of the year. */
  seasonality(view: MarketView, token: number): Data<typeof SeasonalitySchema> {
    const instrument = this.data.instruments.instrument(token);
    if (!instrument) throw errors.validation('token', 'No instrument has this token.');
    const months = this.data.eod.seasonality(token, closedThrough(view));
    const byMonth = Array.from({ length: 12 }, (_, i) => {
      const returns = months.filter((row) => row.month === i + 1).map((row) => row.returnPercent);
      const average = returns.length ? returns.reduce((sum, r) => sum + r, 0) / returns.length : NaN;
      return {
        month: i + 1,
        years: returns.length,
        averageReturnPercent: roundedOrNull(average, 2),
        positiveYears: returns.filter((r) => r > 0).length,
      };
    });
    return { token, name: instrument.name, months, byMonth };
  }

  /** Market-wide position limits of a session (default and latest: the view's date) with the ban list parts asked for. */
  mwpl(
    view: MarketView,
    date: IsoDate | undefined,
    parts: { ban: boolean; entrants: boolean; exits: boolean },
  ): Data<typeof MwplSchema> {
    requireHistoryDate(date, 'date');
    const today = istDateOf(view.asOf);
    const day = date !== undefined && date < today ? date : today;
    const list = this.banLists.getOrCompute(day, () => this.data.eod.banList(day));
    return {
      date: list.date,
      ...(parts.ban ? { banned: list.banned } : {}),
      ...(parts.entrants ? { entrants: list.entrants } : {}),
      ...(parts.exits ? { exits: list.exits } : {}),
      securities: list.securities,
    };
  }

  private eodRows(
    kind: EodRowsKind,
    view: MarketView,
    tokens: readonly number[] | undefined,
    resolution: '1D' | '1W' | '1M',
    from: number,
    to: number,
  ): unknown {
    const end = Math.min(to, closedAsOf(view));
    const key = `${kind}|${tokens?.join(',') ?? '*'}|${resolution}|${from}|${end}`;
    return this.eodAnswers.getOrCompute(key, () => {
      const { candles, instruments } = this.data;
      const chosen = tokens ?? this.defaultEodTokens(kind, end);
      if (end < from) {
        return chosen.map((token) => (kind === 'plain' ? { token, candles: [] } : emptyEod(this.data, token)));
      }
      if (kind === 'plain') {
        return chosen.map((token) => ({ token, candles: candles.candles(token, resolution, from, end) }));
      }
      const firstBucket = candleBucketStart(from, resolution, 'NSE');
      const lookbackFrom = from - EOD_LOOKBACK_DAYS[resolution] * DAY_MS;
      const result: unknown[] = [];
      for (const token of chosen) {
        const instrument = instruments.instrument(token);
        if (!instrument) continue;
        const rows: unknown[] = [];
        let previous: Candle | undefined;
        const delivered = kind === 'cash' ? this.deliveredByBucket(token, resolution, firstBucket, end) : null;
        for (const candle of candles.candles(token, resolution, lookbackFrom, end)) {
          if (candle.t >= firstBucket) {
            rows.push(
              kind === 'fao' ? faoRow(candle, previous) : cashRow(candle, previous, delivered?.get(candle.t) ?? null),
            );
          }
          previous = candle;
        }
        result.push({
          token,
          tradingSymbol: instrument.tradingSymbol,
          name: instrument.name,
          ...(kind === 'fao' ? { expiry: instrument.expiry } : {}),
          rows,
        });
      }
      return result;
    });
  }

  // Delivered quantity of a stock per candle of the resolution: each session's delivery share of its volume, summed
  // over the sessions of a week or month. Null (not a map) for an index, which has no deliveries.
  private deliveredByBucket(
    token: number,
    resolution: '1D' | '1W' | '1M',
    from: number,
    end: number,
  ): Map<number, number> | null {
    const days = this.data.candles.candles(token, '1D', from, end);
    const first = days[0];
    if (first === undefined || this.data.eod.deliveryPercent(token, istDateOf(first.t)) === null) return null;
    const delivered = new Map<number, number>();
    for (const day of days) {
      const percent = this.data.eod.deliveryPercent(token, istDateOf(day.t)) ?? 0;
      const bucket = candleBucketStart(day.t, resolution, 'NSE');
      delivered.set(bucket, (delivered.get(bucket) ?? 0) + Math.round((day.v * percent) / 100));
    }
    return delivered;
  }

  private defaultEodTokens(kind: EodRowsKind, at: number): number[] {
    const { instruments } = this.data;
    if (kind === 'fao') return instruments.futures(at, 'near').map((future) => future.instrumentToken);
    const underlyings = instruments.preOpenInstruments();
    return (kind === 'plain' ? underlyings.filter((i) => i.instrumentType === 'INDEX') : underlyings).map(
      (instrument) => instrument.instrumentToken,
    );
  }
}

function emptyEod(data: MarketData, token: number) {
  const instrument = data.instruments.instrument(token);
  return {
    token,
    tradingSymbol: instrument?.tradingSymbol ?? '',
    name: instrument?.name ?? '',
    expiry: instrument?.expiry ?? null,
    rows: [],
  };
}

function faoRow(candle: Candle, previous: Candle | undefined) {
  const changePercent = previous ? percentChangeOrNull(candle.c, previous.c) : null;
  const oiChangePercent = previous ? percentChangeOrNull(candle.oi, previous.oi) : null;
  return {
    ...candle,
    date: istDateOf(candle.t),
    changePercent,
    oiChange: previous ? candle.oi - previous.oi : null,
    oiChangePercent,
    buildUp: buildUp(changePercent ?? 0, oiChangePercent ?? 0),
  };
}

function cashRow(candle: Candle, previous: Candle | undefined, delivered: number | null) {
  return {
    ...candle,
    date: istDateOf(candle.t),
    changePercent: previous ? percentChangeOrNull(candle.c, previous.c) : null,
    turnoverCrore: roundedOrNull((candle.v * candle.atp) / CRORE, 2) ?? 0,
    deliveryQuantity: delivered,
    deliveryPercent: delivered === null || candle.v === 0 ? null : roundedOrNull((100 * delivered) / candle.v, 2),
  };
}
