// The market-data service behind `/data/v1`. Every answer comes from the market source (the simulated market) as of
// the instant the caller's tier allows (`asOf`): ranges end there, quotes and chains are taken there, and the
// end-of-day sets stop at the last session closed by then. Routes validate and present; the logic is here.
import type {
  AggregatedOiSchema,
  AtmInstrumentsListSchema,
  BreadthListSchema,
  CashEodListSchema,
  CashMarketActivityListSchema,
  ContractExpirySchema,
  FaoEodListSchema,
  FiiDerivativesActivityListSchema,
  IndexSectorListSchema,
  Instrument,
  MwplSchema,
  OptionChain,
  OptionChainInstrumentsSchema,
  OptionChainLegSchema,
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
  StrategyLeg,
  StrategySeriesSchema,
  TickListSchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import type { ChainAtmBasis, ChainSideColumns, ContractExpiry, IsoDate, Resolution } from '@fnodesk/domain';
import {
  atmStrikeIndex,
  candleBucketStart,
  decodeInstrumentToken,
  EXCHANGES,
  istDateOf,
  istMidnight,
  isTradingDay,
  lastClosedSessionSecond,
  lotSizeFor,
  nearestStrikeIndex,
  nextSessionStart,
  nextOptionExpiries,
  previousTradingDay,
  sessionLastSecond,
  spotInstrumentToken,
  underlyingById,
} from '@fnodesk/domain';
import type { Candle, ChainOptionQuote, MarketSim, SearchFilter } from '@fnodesk/market-sim';
import { buildUp, CandleColumns, HISTORY_ANCHOR_DATE } from '@fnodesk/market-sim';
import type { z } from 'zod';
import { errors } from '../../platform/errors';
import { BoundedCache } from './bounded-cache';
import type { IngestedHistory } from './ingested-history';
import { candleElementsJson } from './candle-json';
import { formatMarketDate, JsonText, percentChangeOrNull, roundedOrNull } from './market-format';
import { chainMinute, OptionChainAnalytics, tradingInstant, type ChainAtMinute } from './option-chain-analytics';
import { StrategyCalculator } from './strategy-calculator';

/** What a caller may see: nothing after `asOf` (epoch ms), the instant its data tier serves. */
export interface MarketView {
  readonly asOf: number;
}

type Data<S extends z.ZodType> = z.infer<S>;
type EodRowsKind = 'fao' | 'cash' | 'plain';

const DAY_MS = 86_400_000;
const CRORE = 1e7;
// How far before `from` to look for the candle the first row's change is measured against.
const EOD_LOOKBACK_DAYS: Readonly<Record<'1D' | '1W' | '1M', number>> = { '1D': 10, '1W': 21, '1M': 70 };

/** The market-data service: one per process, over one market source. */
export class MarketService {
  private readonly market: () => MarketSim;
  private readonly ingested: IngestedHistory | undefined;
  private readonly analytics: OptionChainAnalytics;
  private readonly strategies: StrategyCalculator;
  private readonly chainAnswers = new BoundedCache<string, { chain: OptionChain; json: JsonText }>(512);
  private readonly sectorAnswers = new BoundedCache<number, Data<typeof IndexSectorListSchema>>(32);
  private readonly stockStraddles = new BoundedCache<number, Data<typeof StockAtmStraddlesSchema>>(32);
  private readonly banLists = new BoundedCache<IsoDate, ReturnType<MarketSim['eod']['banList']>>(32);
  private readonly eodAnswers = new BoundedCache<string, unknown>(64);
  private readonly searches = new BoundedCache<string, Instrument[]>(1_024);
  // About 40 KB a series for a session of minutes: some 25 MB when full.
  private readonly seriesJson = new BoundedCache<string, string>(600);
  // The candle in progress of a series as of a second.
  private readonly liveJson = new BoundedCache<string, string>(2_048);
  /** Where each series' candles are computed before being written as JSON. */
  private readonly columns = new CandleColumns();
  private readonly expiries = new BoundedCache<string, Data<typeof OptionExpiriesSchema>>(1_024);

  constructor(market: () => MarketSim, ingested?: IngestedHistory) {
    this.market = market;
    this.ingested = ingested;
    this.analytics = new OptionChainAnalytics(market);
    this.strategies = new StrategyCalculator(market, this.analytics);
  }

  // --- Futures, pre-open and instrument lists ---------------------------------------------------------------------

  /** Ticks of the near-month futures (`near`) or of every listed future (`all`) at an instant within the view. */
  futureTicks(view: MarketView, months: 'near' | 'all', time?: number): Data<typeof TickListSchema> {
    const at = Math.min(time ?? view.asOf, view.asOf);
    const sim = this.market();
    return sim.ticks(
      sim.futures(at, months).map((future) => future.instrumentToken),
      at,
    );
  }

  /** Pre-open indicative prices of the F&O stocks and derivative indices (the latest session's). */
  preMarketTicks(view: MarketView): Data<typeof PreOpenQuoteListSchema> {
    return this.market().preOpen(view.asOf);
  }

  /** The futures listed at the view's instant: the near month of each root, or every month. */
  futureInstruments(view: MarketView, months: 'near' | 'all'): Instrument[] {
    return this.market().futures(view.asOf, months);
  }

  /** The instruments of the pre-open session (F&O stocks and derivative indices). */
  preMarketInstruments(): Instrument[] {
    return this.market().preOpenInstruments();
  }

  /** Underlyings matching a text (any case; empty matches all), restricted by a list filter, in picker order. */
  search(query: string, filter: SearchFilter): Instrument[] {
    const text = query.trim().toUpperCase();
    return this.searches.getOrCompute(`${filter}|${text}`, () => this.market().search(text, filter));
  }

  /** Option expiries (nearest first) and futures months of an underlying listed at the view's instant. */
  optionExpiries(view: MarketView, root: string): Data<typeof OptionExpiriesSchema> {
    // Expiries change only at an F&O close, so a minute's answer holds for the whole minute.
    const at = chainMinute(view.asOf);
    return this.expiries.getOrCompute(`${root}|${at}`, () => {
      const sim = this.market();
      return {
        name: root,
        expiries: sim.optionExpiries(root, at).map(expiryOf),
        futureExpiries: sim.futureExpiries(root, at).map(expiryOf),
      };
    });
  }

  /** The spot, futures and options of an underlying (or an index's own instrument), optionally of one exchange. */
  instrumentsByName(view: MarketView, name: string, exchange?: 'NSE' | 'BSE' | 'NFO' | 'BFO'): Instrument[] {
    return this.market().instrumentsByName(name, view.asOf, exchange);
  }

  /** Instruments by token, in the order asked; unknown tokens are left out. */
  instrumentsByTokens(tokens: readonly number[]): Instrument[] {
    const sim = this.market();
    const result: Instrument[] = [];
    for (const token of tokens) {
      const instrument = sim.instrument(token);
      if (instrument) result.push(instrument);
    }
    return result;
  }

  /** The option of an underlying, kind, expiry and strike. */
  optionInstrument(root: string, kind: 'CE' | 'PE', expiry: IsoDate, strike: number): Instrument {
    requireOptionExpiry(root, expiry, 'expiry');
    const instrument = this.market().optionInstrument(root, kind, expiry, strike);
    if (!instrument) throw errors.validation('strike', `${root} has no ${strike} strike on its ${expiry} expiry.`);
    return instrument;
  }

  /** Every listed strike of an expiry with its CE and PE, at the view's instant. */
  optionChainInstruments(view: MarketView, root: string, expiry: IsoDate): Data<typeof OptionChainInstrumentsSchema> {
    requireOptionExpiry(root, expiry, 'expiry');
    const chain = this.market().optionChainInstruments(root, expiry, view.asOf);
    if (!chain) throw notListed(root, expiry);
    return chain;
  }

  /** The ATM CE and PE of every derivative index's nearest expiry. */
  atmInstruments(view: MarketView): Data<typeof AtmInstrumentsListSchema> {
    return this.market().atmInstruments(view.asOf);
  }

  /** Every index with its constituents, weights and moves at the view's instant (computed once a minute). */
  indexSectors(view: MarketView): Data<typeof IndexSectorListSchema> {
    const at = chainMinute(tradingInstant(view.asOf));
    return this.sectorAnswers.getOrCompute(at, () => {
      const sim = this.market();
      const moves = new Map<number, { lp: number; change: number | null }>();
      const moveOf = (token: number) => {
        let move = moves.get(token);
        if (!move) {
          const tick = sim.quote(token, at);
          move = tick
            ? { lp: tick.lp, change: percentChangeOrNull(tick.lp, tick.c ?? NaN) }
            : { lp: NaN, change: null };
          moves.set(token, move);
        }
        return move;
      };
      return sim.indexCompositions().map((index) => {
        const own = moveOf(index.token);
        const constituents = index.constituents.map((member) => ({
          symbol: member.symbol,
          token: member.token,
          sector: member.sector,
          weight: member.weight,
          changePercent: moveOf(member.token).change,
        }));
        return {
          index: index.index,
          token: index.token,
          close: roundedOrNull(own.lp, 2),
          changePercent: own.change,
          advances: constituents.filter((member) => (member.changePercent ?? 0) > 0).length,
          declines: constituents.filter((member) => (member.changePercent ?? 0) < 0).length,
          constituents,
        };
      });
    });
  }

  // --- Quotes and candles ----------------------------------------------------------------------------------------

  /** Full ticks of tokens at the view's instant (unknown tokens left out). */
  ticks(view: MarketView, tokens: readonly number[]): Data<typeof TickListSchema> {
    return this.market().ticks(tokens, view.asOf);
  }

  /**
   * Candles of each token from the bucket holding `from` to `to`, cut at the view's instant, as JSON text. A series
   * that ends by the close of the last session closed at the view's instant can no longer change, so it is
   * serialized once and shared by every caller (a page's history is about a megabyte of JSON, whose serialization
   * costs more than computing it warm). A series still growing is the candles before the one in progress, which
   * no longer change either and are serialized once per bucket, followed by the candle in progress.
   */
  candlesJson(
    view: MarketView,
    tokens: readonly number[],
    resolution: Resolution,
    from: number,
    to: number,
  ): JsonText | Promise<JsonText> {
    const end = Math.min(to, view.asOf);
    // Instruments from a broker's ticker have stored history instead of a simulated one.
    if (this.ingested?.servesAny(tokens)) {
      return this.ingested.candles(tokens, resolution, from, end, (token) =>
        this.market().candles(token, resolution, from, end),
      );
    }
    const sim = this.market();
    const settled = this.settled(view, end);
    const elements = (token: number, since: number, until: number) =>
      candleElementsJson(sim.candleColumns(token, resolution, since, until, this.columns.clear()));
    const parts: string[] = ['['];
    tokens.forEach((token, index) => {
      parts.push(`${index > 0 ? ',' : ''}{"token":${token},"candles":[`);
      if (end >= from) {
        if (settled) {
          parts.push(
            this.seriesJson.getOrCompute(`${token}|${resolution}|${from}|${end}`, () => elements(token, from, end)),
          );
        } else {
          const instrument = sim.instrument(token);
          const current = instrument ? candleBucketStart(end, resolution, instrument.exchange) : from;
          if (current <= from) parts.push(elements(token, from, end));
          else {
            const done = this.seriesJson.getOrCompute(`${token}|${resolution}|${from}|<${current}`, () =>
              elements(token, from, current - 1),
            );
            // The sim's candles as of an instant are those as of its second (ticks come once a second), and every
            // page watching a live chart asks for the same candle in progress many times in that second.
            const second = Math.floor(end / 1_000);
            const inProgress = this.liveJson.getOrCompute(`${token}|${resolution}|${current}|${second}`, () =>
              elements(token, current, end),
            );
            parts.push(done);
            if (done.length > 0 && inProgress.length > 0) parts.push(',');
            parts.push(inProgress);
          }
        }
      }
      parts.push(']}');
    });
    parts.push(']');
    return new JsonText(...parts);
  }

  /** The previous session's day candle of each token, as seen at the view's instant. */
  previousDay(view: MarketView, tokens: readonly number[]): Data<typeof PreviousDayListSchema> {
    return this.market().prevDay(tokens, view.asOf);
  }

  /** An index or stock value with its change (SENSEX and BANKEX from BSE). */
  spot(view: MarketView, name: string): Data<typeof SpotSchema> {
    const quote = this.market().spot(name, view.asOf);
    if (!quote) throw errors.validation('name', `No price is known for ${name}.`);
    return {
      name,
      token: quote.token,
      exchange: quote.exchange,
      lp: quote.lp,
      prevClose: quote.prevClose,
      change: roundedOrNull(quote.lp - quote.prevClose, 2) ?? 0,
      changePercent: percentChangeOrNull(quote.lp, quote.prevClose) ?? 0,
      ts: quote.ts,
    };
  }

  /** An instrument's trades with aggressor side and best bid and ask, cut at the view's instant. */
  rawTicks(view: MarketView, token: number, from: number, to: number): Data<typeof RawTicksSchema> {
    const end = Math.min(to, view.asOf);
    return { token, trades: end >= from ? this.market().trades(token, from, end) : [] };
  }

  // --- Option chains and straddles ---------------------------------------------------------------------------------

  /**
   * The Option Chain Charts chain: `strikes` strikes centred on the ATM strike of the chosen basis, their
   * instruments (`optData`), the future (`futToken`) and the chain's analytics at the minute the view allows.
   */
  optionChain(view: MarketView, root: string, expiry: IsoDate, strikes: number, basis: ChainAtmBasis): OptionChain {
    return this.chainAnswer(view, root, expiry, strikes, basis).chain;
  }

  /** {@link optionChain} as JSON text, serialized once per minute however many callers ask. */
  optionChainJson(view: MarketView, root: string, expiry: IsoDate, strikes: number, basis: ChainAtmBasis): JsonText {
    return this.chainAnswer(view, root, expiry, strikes, basis).json;
  }

  /**
   * Readies {@link optionChainJson} for the view's minute without holding up other requests: a chain not yet
   * computed that minute has its instruments computed a few at a time (see OptionChainAnalytics.prepare).
   */
  async prepareOptionChain(view: MarketView, root: string, expiry: IsoDate): Promise<void> {
    requireOptionExpiry(root, expiry, 'expiry');
    await this.analytics.prepare(root, expiry, tradingInstant(view.asOf));
  }

  private chainAnswer(view: MarketView, root: string, expiry: IsoDate, strikes: number, basis: ChainAtmBasis) {
    requireOptionExpiry(root, expiry, 'expiry');
    const minute = chainMinute(tradingInstant(view.asOf));
    const key = `${root}|${expiry}|${minute}|${strikes}|${basis}`;
    return this.chainAnswers.getOrCompute(key, () => {
      const computed = this.analytics.at(root, expiry, minute);
      if (!computed) throw notListed(root, expiry);
      const chain = presentChain(computed, strikes, basis);
      return { chain, json: new JsonText(JSON.stringify(chain)) };
    });
  }

  /** Total call and put OI of an expiry per candle; `strikes` each side of ATM, or every listed strike. */
  aggregatedOi(
    view: MarketView,
    token: number,
    expiry: IsoDate,
    resolution: Resolution,
    from: number,
    to: number,
    strikes: number | undefined,
  ): Data<typeof AggregatedOiSchema> {
    const root = rootOfToken(token);
    const contract = requireOptionExpiry(root, expiry, 'expiry');
    const end = Math.min(to, view.asOf, contract.expiresAt - 1);
    const points = end >= from ? this.market().aggregatedOi(root, expiry, resolution, from, end, strikes) : [];
    return { name: root, expiry, points };
  }

  /** CE + PE premium of one strike per candle, cut at the view's instant. */
  straddle(
    view: MarketView,
    root: string,
    expiry: IsoDate,
    strike: number,
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof StraddleSchema> {
    requireOptionExpiry(root, expiry, 'expiry');
    const sim = this.market();
    const ce = sim.optionInstrument(root, 'CE', expiry, strike);
    const pe = sim.optionInstrument(root, 'PE', expiry, strike);
    if (!ce || !pe) throw errors.validation('strike_price', `${root} has no ${strike} strike on its ${expiry} expiry.`);
    const end = Math.min(to, view.asOf);
    return {
      name: root,
      expiry,
      strike,
      ceToken: ce.instrumentToken,
      peToken: pe.instrumentToken,
      points: end >= from ? sim.straddle(root, expiry, strike, resolution, from, end) : [],
    };
  }

  /** Every F&O stock's near-month ATM straddle at a session's last second (or the view's instant). */
  stockAtmStraddles(view: MarketView, date: IsoDate | undefined): Data<typeof StockAtmStraddlesSchema> {
    requireHistoryDate(date, 'date');
    const at = chainMinute(tradingInstant(date ? Math.min(sessionLastSecond(date, 'NFO'), view.asOf) : view.asOf));
    return this.stockStraddles.getOrCompute(at, () => ({ at, rows: this.market().stockAtmStraddles(at) }));
  }

  /** The ATM straddle of an expiry per candle, its strike following the spot candle by candle. */
  stockAtmStraddlePlot(
    view: MarketView,
    root: string,
    expiry: IsoDate,
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof StockAtmStraddlePlotSchema> {
    const contract = requireOptionExpiry(root, expiry, 'expiry');
    const sim = this.market();
    const end = Math.min(to, view.asOf, contract.expiresAt - 1);
    const ladder = end >= from ? sim.optionChainInstruments(root, expiry, end) : null;
    if (!ladder) return { name: root, expiry, points: [] };
    // A ladder only widens while an expiry is listed, so the latest one holds every strike the ATM visited.
    const strikes = ladder.strikes.map((row) => row.strike);
    const spots = sim.candles(spotInstrumentToken(root), resolution, from, end);
    const atmOf = spots.map((candle) => strikes[nearestStrikeIndex(strikes, candle.c)] ?? NaN);
    const closes = new Map<number, { ce: Map<number, number>; pe: Map<number, number> }>();
    for (const strike of new Set(atmOf)) {
      const row = ladder.strikes.find((candidate) => candidate.strike === strike);
      if (!row) continue;
      const closesOf = (token: number) =>
        new Map(sim.candles(token, resolution, from, end).map((candle) => [candle.t, candle.c]));
      closes.set(strike, { ce: closesOf(row.ce.instrumentToken), pe: closesOf(row.pe.instrumentToken) });
    }
    const points: Data<typeof StockAtmStraddlePlotSchema>['points'] = [];
    spots.forEach((candle, i) => {
      const strike = atmOf[i]!;
      const ce = closes.get(strike)?.ce.get(candle.t);
      const pe = closes.get(strike)?.pe.get(candle.t);
      if (ce === undefined || pe === undefined) return;
      points.push({ t: candle.t, spot: candle.c, strike, ce, pe, straddle: roundedOrNull(ce + pe, 2) ?? 0 });
    });
    return { name: root, expiry, points };
  }

  // --- Strategies --------------------------------------------------------------------------------------------------

  /** A strategy's legs with payoff inputs and its combined premium and P&L per candle. */
  strategySeries(
    view: MarketView,
    legs: readonly StrategyLeg[],
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof StrategySeriesSchema> {
    return this.strategies.series(legs, resolution, from, Math.min(to, view.asOf));
  }

  /** A strategy's legs with payoff inputs and its combined premium as candles. */
  strategyChart(
    view: MarketView,
    legs: readonly StrategyLeg[],
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof StrategyChartSchema> {
    return this.strategies.chart(legs, resolution, from, Math.min(to, view.asOf));
  }

  // --- Breadth and daily datasets ----------------------------------------------------------------------------------

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
    return this.market()
      .breadth(filter, resolution, from, end)
      .map((point) => ({ ...point, net: point.advances - point.declines }));
  }

  /** FII/FPI and DII cash-market activity of the sessions between two instants, closed sessions only. */
  cashMarket(view: MarketView, from: number, to: number): Data<typeof CashMarketActivityListSchema> {
    const range = this.closedDates(view, from, to);
    return range ? this.market().eod.cashMarket(range.from, range.to) : [];
  }

  /** FII index and stock derivatives activity of the sessions between two instants, closed sessions only. */
  indexStats(view: MarketView, from: number, to: number): Data<typeof FiiDerivativesActivityListSchema> {
    const range = this.closedDates(view, from, to);
    return range ? this.market().eod.fiiDerivatives(range.from, range.to) : [];
  }

  /** Participant-wise OI of the sessions between two instants, closed sessions only. */
  participantOi(view: MarketView, from: number, to: number): Data<typeof ParticipantOpenInterestListSchema> {
    const range = this.closedDates(view, from, to);
    return range ? this.market().eod.participantOpenInterest(range.from, range.to) : [];
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
    const through = this.closedThrough(view);
    let day = date !== undefined && date < through ? date : through;
    if (!isTradingDay(day, 'NFO')) day = previousTradingDay(day, 'NFO');
    return { date: day, rows: this.market().eod.rollover(day) };
  }

  /** Calendar-month returns of an index or stock over its history, and their average per month of the year. */
  seasonality(view: MarketView, token: number): Data<typeof SeasonalitySchema> {
    const sim = this.market();
    const instrument = sim.instrument(token);
    if (!instrument) throw errors.validation('token', 'No instrument has this token.');
    const months = sim.eod.seasonality(token, this.closedThrough(view));
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
    const list = this.banLists.getOrCompute(day, () => this.market().eod.banList(day));
    return {
      date: list.date,
      ...(parts.ban ? { banned: list.banned } : {}),
      ...(parts.entrants ? { entrants: list.entrants } : {}),
      ...(parts.exits ? { exits: list.exits } : {}),
      securities: list.securities,
    };
  }

  // --- Helpers -----------------------------------------------------------------------------------------------------

  // The last second of the latest session closed by the view's instant (F&O closes last, so its close counts).
  private closedAsOf(view: MarketView): number {
    return Math.min(view.asOf, lastClosedSessionSecond(view.asOf, 'NFO') + 999);
  }

  /**
   * Whether data up to `end` (at or before the view's instant) is final: it ends by the last close, or no session of
   * any segment starts between that close and `end` (a range asked up to the evening of the last closed session).
   */
  private settled(view: MarketView, end: number): boolean {
    const closed = this.closedAsOf(view);
    return end <= closed || EXCHANGES.every((exchange) => nextSessionStart(closed, exchange) > end);
  }

  private closedThrough(view: MarketView): IsoDate {
    return istDateOf(lastClosedSessionSecond(view.asOf, 'NFO'));
  }

  private closedDates(view: MarketView, from: number, to: number): { from: IsoDate; to: IsoDate } | null {
    const last = istDateOf(Math.min(to, this.closedAsOf(view)));
    const first = istDateOf(from);
    return first <= last ? { from: first, to: last } : null;
  }

  private eodRows(
    kind: EodRowsKind,
    view: MarketView,
    tokens: readonly number[] | undefined,
    resolution: '1D' | '1W' | '1M',
    from: number,
    to: number,
  ): unknown {
    const end = Math.min(to, this.closedAsOf(view));
    const key = `${kind}|${tokens?.join(',') ?? '*'}|${resolution}|${from}|${end}`;
    return this.eodAnswers.getOrCompute(key, () => {
      const sim = this.market();
      const chosen = tokens ?? this.defaultEodTokens(kind, end);
      if (end < from) return chosen.map((token) => (kind === 'plain' ? { token, candles: [] } : emptyEod(sim, token)));
      if (kind === 'plain')
        return chosen.map((token) => ({ token, candles: sim.candles(token, resolution, from, end) }));
      const firstBucket = candleBucketStart(from, resolution, 'NSE');
      const lookbackFrom = from - EOD_LOOKBACK_DAYS[resolution] * DAY_MS;
      const result: unknown[] = [];
      for (const token of chosen) {
        const instrument = sim.instrument(token);
        if (!instrument) continue;
        const candles = sim.candles(token, resolution, lookbackFrom, end);
        const rows: unknown[] = [];
        let previous: Candle | undefined;
        for (const candle of candles) {
          if (candle.t >= firstBucket) rows.push(kind === 'fao' ? faoRow(candle, previous) : cashRow(candle, previous));
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

  private defaultEodTokens(kind: EodRowsKind, at: number): number[] {
    const sim = this.market();
    if (kind === 'fao') return sim.futures(at, 'near').map((future) => future.instrumentToken);
    const underlyings = sim.preOpenInstruments();
    return (kind === 'plain' ? underlyings.filter((i) => i.instrumentType === 'INDEX') : underlyings).map(
      (instrument) => instrument.instrumentToken,
    );
  }
}

/** Builds the market-data service over a market source (called lazily, so the market starts on first use). */
export function createMarketService(deps: { market: () => MarketSim; ingested?: IngestedHistory }): MarketService {
  return new MarketService(deps.market, deps.ingested);
}

function expiryOf(expiry: ContractExpiry): Data<typeof ContractExpirySchema> {
  return {
    date: expiry.date,
    formattedDate: formatMarketDate(expiry.date),
    series: expiry.series,
    shiftedForHoliday: expiry.shiftedForHoliday,
    expiresAt: expiry.expiresAt,
  };
}

function notListed(root: string, expiry: IsoDate) {
  return errors.validation('expiry', `${root} options expiring on ${expiry} are not listed at the time served.`);
}

// Whether a date is an option expiry of a root never changes: every chain request asks, so the answer is kept.
const knownExpiries = new BoundedCache<string, ContractExpiry | null>(4_096);

/** The option expiry of a root on a date (by today's contract rules), or a 400 naming `field`. */
function requireOptionExpiry(root: string, date: IsoDate, field: string): ContractExpiry {
  requireHistoryDate(date, field);
  const found = knownExpiries.getOrCompute(`${root}|${date}`, () => {
    try {
      const next = nextOptionExpiries(root, istMidnight(date), 1)[0];
      return next?.date === date ? next : null;
    } catch {
      return null;
    }
  });
  if (!found) throw errors.validation(field, `${date} is not an option expiry of ${root}.`);
  return found;
}

// The simulated history starts in 2014; dates before it name nothing.
function requireHistoryDate(date: IsoDate | undefined, field: string): void {
  if (date !== undefined && date < HISTORY_ANCHOR_DATE) {
    throw errors.validation(field, `Market history starts on ${HISTORY_ANCHOR_DATE}.`);
  }
}

/** The derivatives root of a token's underlying (an index, stock or any of their contracts), or a 400. */
function rootOfToken(token: number): string {
  const underlying = underlyingById(decodeInstrumentToken(token).underlyingId);
  const root = underlying && ('symbol' in underlying ? underlying.symbol : underlying.derivatives?.root);
  if (!root) throw errors.validation('token', 'This instrument has no options.');
  return root;
}

function emptyEod(sim: MarketSim, token: number) {
  const instrument = sim.instrument(token);
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

function cashRow(candle: Candle, previous: Candle | undefined) {
  return {
    ...candle,
    date: istDateOf(candle.t),
    changePercent: previous ? percentChangeOrNull(candle.c, previous.c) : null,
    turnoverCrore: roundedOrNull((candle.v * candle.atp) / CRORE, 2) ?? 0,
  };
}

function presentChain(chain: ChainAtMinute, strikes: number, basis: ChainAtmBasis): OptionChain {
  const a = chain.analytics;
  const { snapshot } = chain;
  const prices = { spot: a.summary.spot, futures: a.summary.futures, syntheticFuture: a.summary.syntheticFuture };
  let centre = basis === 'Futures' ? a.atmIndex : atmStrikeIndex(a.strikes, basis, prices);
  if (centre < 0) centre = nearestStrikeIndex(a.strikes, a.summary.spot);
  // The chosen count around ATM: the odd middle one at ATM, an even count with one more above.
  const below = Math.floor((strikes - 1) / 2);
  let first = Math.max(0, centre - below);
  const last = Math.min(a.count - 1, first + strikes - 1);
  first = Math.max(0, last - strikes + 1);
  const lotSize = lotSizeFor(chain.root, chain.expiry.date);
  const rows: OptionChain['rows'] = [];
  const optData: OptionChain['optData'] = [];
  for (let i = first; i <= last; i++) {
    const quotes = chain.rows[i]!;
    rows.push({
      strike: a.strikes[i]!,
      ce: legOf(a.ce, i, quotes.ce),
      pe: legOf(a.pe, i, quotes.pe),
      pcr: roundedOrNull(a.pcr[i], 2),
    });
    for (const [kind, quote] of [
      ['CE', quotes.ce],
      ['PE', quotes.pe],
    ] as const) {
      optData.push({
        tradingName: quote.tradingSymbol,
        strikePrice: a.strikes[i]!,
        instrumentType: kind,
        instrumentToken: quote.token,
        lotSize,
        expiry: chain.expiry.date,
      });
    }
  }
  const window = (w: '15m' | '30m' | '1h' | '4h') => ({
    ce: roundedOrNull(a.oiChangeTotals[w].ce, 0),
    pe: roundedOrNull(a.oiChangeTotals[w].pe, 0),
  });
  return {
    name: chain.root,
    expiry: chain.expiry.date,
    at: chain.at,
    spotToken: snapshot.spot.token,
    futToken: snapshot.future.token,
    atmBasis: basis,
    atmStrike: centre >= 0 ? (a.strikes[centre] ?? null) : null,
    optData,
    rows,
    summary: {
      spot: roundedOrNull(a.summary.spot, 2),
      spotChange: roundedOrNull(a.summary.spotChange, 2),
      spotChangePercent: roundedOrNull(a.summary.spotChangePercent, 2),
      futures: roundedOrNull(a.summary.futures, 2),
      futuresChange: roundedOrNull(a.summary.futuresChange, 2),
      futuresChangePercent: roundedOrNull(a.summary.futuresChangePercent, 2),
      syntheticFuture: roundedOrNull(a.summary.syntheticFuture, 2),
      syntheticFutureStrike: roundedOrNull(a.summary.syntheticFutureStrike, 2),
      pcr: roundedOrNull(a.totals.pcr, 2),
      maxPainStrike: roundedOrNull(a.maxPainStrike, 2),
      callOi: a.totals.ceOi,
      putOi: a.totals.peOi,
      callOiChange: a.totals.ceOiChange,
      putOiChange: a.totals.peOiChange,
      callVolume: a.totals.ceVolume,
      putVolume: a.totals.peVolume,
    },
    oiChangeTotals: { '15m': window('15m'), '30m': window('30m'), '1h': window('1h'), '4h': window('4h') },
    forward: roundedOrNull(a.forward, 2),
    daysToExpiry: roundedOrNull(a.years * 365, 3) ?? 0,
    strikesListed: a.count,
  };
}

function legOf(side: ChainSideColumns, i: number, quote: ChainOptionQuote): Data<typeof OptionChainLegSchema> {
  return {
    token: quote.token,
    tradingSymbol: quote.tradingSymbol,
    ltp: roundedOrNull(side.ltp[i], 2),
    atp: roundedOrNull(side.atp[i], 2),
    ltpChange: roundedOrNull(side.ltpChange[i], 2),
    ltpChangePercent: roundedOrNull(side.ltpChangePercent[i], 2),
    oi: roundedOrNull(side.oi[i], 0),
    oiChange: roundedOrNull(side.oiChange[i], 0),
    oiChangePercent: roundedOrNull(side.oiChangePercent[i], 2),
    volume: roundedOrNull(side.volume[i], 0),
    iv: roundedOrNull((side.iv[i] ?? NaN) * 100, 2),
    delta: roundedOrNull(side.delta[i], 4),
    gamma: roundedOrNull(side.gamma[i], 7),
    theta: roundedOrNull(side.theta[i], 2),
    vega: roundedOrNull(side.vega[i], 2),
    rho: roundedOrNull(side.rho[i], 2),
    oiChangeByWindow: {
      '15m': roundedOrNull(side.oiChangeByWindow['15m'][i], 0),
      '30m': roundedOrNull(side.oiChangeByWindow['30m'][i], 0),
      '1h': roundedOrNull(side.oiChangeByWindow['1h'][i], 0),
      '4h': roundedOrNull(side.oiChangeByWindow['4h'][i], 0),
    },
  };
}
