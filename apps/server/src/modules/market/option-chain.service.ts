// Option chains behind `/data/v1`: the chain with its analytics at the minute the caller's tier serves, and the
// series over an expiry (aggregated OI, straddles, ATM straddles of stocks).
import type {
  AggregatedOiSchema,
  OptionChain,
  OptionChainLegSchema,
  StockAtmStraddlePlotSchema,
  StockAtmStraddlesSchema,
  StraddleSchema,
} from '@fnodesk/contracts';
import type { ChainAtmBasis, ChainSideColumns, IsoDate, Resolution } from '@fnodesk/domain';
import {
  atmStrikeIndex,
  lotSizeFor,
  nearestStrikeIndex,
  sessionLastSecond,
  spotInstrumentToken,
} from '@fnodesk/domain';
import type { ChainOptionQuote } from '@fnodesk/market-sim';
import { errors } from '../../platform/errors';
import { BoundedCache } from './bounded-cache';
import type { MarketData } from './market-data.port';
import { JsonText, roundedOrNull } from './market-format';
import {
  notListed,
  requireHistoryDate,
  requireOptionExpiry,
  rootOfToken,
  type Data,
  type MarketView,
} from './market-view';
import { chainMinute, tradingInstant, type ChainAtMinute, type OptionChainAnalytics } from './option-chain-analytics';

/** The option-chain service: one per process, over the market-data port and the chain analytics computed on it. */
export class OptionChainService {
  private readonly chainAnswers = new BoundedCache<string, { chain: OptionChain; json: JsonText }>(512);
  private readonly stockStraddles = new BoundedCache<number, Data<typeof StockAtmStraddlesSchema>>(32);

  constructor(
    private readonly data: MarketData,
    private readonly analytics: OptionChainAnalytics,
  ) {}

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
    const points = end >= from ? this.data.series.aggregatedOi(root, expiry, resolution, from, end, strikes) : [];
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
    const ce = this.data.instruments.optionInstrument(root, 'CE', expiry, strike);
    const pe = this.data.instruments.optionInstrument(root, 'PE', expiry, strike);
    if (!ce || !pe) throw errors.validation('strike_price', `${root} has no ${strike} strike on its ${expiry} expiry.`);
    const end = Math.min(to, view.asOf);
    return {
      name: root,
      expiry,
      strike,
      ceToken: ce.instrumentToken,
      peToken: pe.instrumentToken,
      points: end >= from ? this.data.series.straddle(root, expiry, strike, resolution, from, end) : [],
    };
  }

  /** Every F&O stock's near-month ATM straddle at a session's last second (or the view's instant). */
  stockAtmStraddles(view: MarketView, date: IsoDate | undefined): Data<typeof StockAtmStraddlesSchema> {
    requireHistoryDate(date, 'date');
    const at = chainMinute(tradingInstant(date ? Math.min(sessionLastSecond(date, 'NFO'), view.asOf) : view.asOf));
    return this.stockStraddles.getOrCompute(at, () => ({ at, rows: this.data.series.stockAtmStraddles(at) }));
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
    const { candles, instruments } = this.data;
    const end = Math.min(to, view.asOf, contract.expiresAt - 1);
    const ladder = end >= from ? instruments.optionChainInstruments(root, expiry, end) : null;
    if (!ladder) return { name: root, expiry, points: [] };
    // A ladder only widens while an expiry is listed, so the latest one holds every strike the ATM visited.
    const strikes = ladder.strikes.map((row) => row.strike);
    const spots = candles.candles(spotInstrumentToken(root), resolution, from, end);
    const atmOf = spots.map((candle) => strikes[nearestStrikeIndex(strikes, candle.c)] ?? NaN);
    const closes = new Map<number, { ce: Map<number, number>; pe: Map<number, number> }>();
    for (const strike of new Set(atmOf)) {
      const row = ladder.strikes.find((candidate) => candidate.strike === strike);
      if (!row) continue;
      const closesOf = (token: number) =>
        new Map(candles.candles(token, resolution, from, end).map((candle) => [candle.t, candle.c]));
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
    // A weekly asked for by the Futures basis is centred on its own synthetic future (it has no future; the
    // month's carries days of extra basis): the answer names the price its ATM really follows.
    atmBasis: basis === 'Futures' && chain.onSyntheticFuture ? 'SynFut' : basis,
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
