// The options-analytics pages' data (Market Maker Analysis, Volatility Analysis): dealer gamma exposure over the
// chain and through the session, the daily ATM IV of the nearest expiry over a year, and the ATM IV of every listed
// expiry. Each is computed from the same market data as the option chain (the chain analytics, option quotes at an
// instant) and kept as JSON text per minute, or per closed session for the history, so a page polling it costs a
// lookup however many users watch it.
import type { GammaExposureSchema, IvHistorySchema, IvTermStructureSchema } from '@fnodesk/contracts';
import type { IsoDate } from '@fnodesk/domain';
import {
  atmImpliedVolatility,
  gammaExposureByStrike,
  gammaRegime,
  gammaWalls,
  istDateOf,
  lastClosedSessionSecond,
  nearestStrikeIndex,
  netGammaExposureAt,
  sessionOn,
  spotInstrumentToken,
  yearFractionToExpiry,
  zeroGammaFlip,
  type ContractExpiry,
} from '@fnodesk/domain';
import { OPTION_DISCOUNT_RATE } from '@fnodesk/market-sim';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BoundedCache } from './bounded-cache';
import type { MarketData } from './market-data.port';
import { JsonText, roundedOrNull } from './market-format';
import { notListed, requireOptionExpiry, type Data, type MarketView } from './market-view';
import { chainMinute, tradingInstant, type ChainAtMinute, type OptionChainAnalytics } from './option-chain-analytics';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Net GEX over the session is drawn at every quarter hour. */
const GEX_HISTORY_STEP_MS = 15 * MINUTE_MS;
/** The IV history skips expiries closer than this: an expiry's last days carry pin and gamma noise, not the level. */
const IV_HISTORY_MIN_DAYS_LEFT = 2;
/** Sessions read between turns of the event loop while a cold IV history is computed. */
const IV_HISTORY_SLICE = 10;

type GexAnswer = Data<typeof GammaExposureSchema>;
type GexPoint = GexAnswer['history'][number];

/** The options-analytics service: one per process, over the market-data port and the shared chain analytics. */
export class OptionsAnalyticsService {
  private readonly gexAnswers = new BoundedCache<string, Promise<JsonText>>(64);
  private readonly gexPoints = new BoundedCache<string, GexPoint | null>(2_048);
  private readonly ivHistories = new BoundedCache<string, Promise<JsonText>>(64);
  private readonly termStructures = new BoundedCache<string, JsonText>(64);

  constructor(
    private readonly data: MarketData,
    private readonly analytics: OptionChainAnalytics,
  ) {}

  /** Dealer gamma exposure of an expiry at the view's minute, with net GEX at each quarter hour of the session. */
  gammaExposure(view: MarketView, root: string, expiry: IsoDate): Promise<JsonText> {
    requireOptionExpiry(root, expiry, 'expiry');
    const minute = chainMinute(tradingInstant(view.asOf));
    const key = `${root}|${expiry}|${minute}`;
    return this.uncachedOnFailure(this.gexAnswers, key, () => this.computeGammaExposure(root, expiry, minute));
  }

  private async computeGammaExposure(root: string, expiry: IsoDate, minute: number): Promise<JsonText> {
    await this.analytics.prepare(root, expiry, minute);
    const chain = this.analytics.at(root, expiry, minute);
    if (!chain) throw notListed(root, expiry);
    const a = chain.analytics;
    const spot = a.summary.spot;
    const byStrike = gammaExposureByStrike(
      Array.from(a.strikes, (strike, i) => ({
        strike,
        ce: { gamma: a.ce.gamma[i]!, oi: a.ce.oi[i]! },
        pe: { gamma: a.pe.gamma[i]!, oi: a.pe.oi[i]! },
      })),
      spot,
    );
    let callGex = 0;
    let putGex = 0;
    for (const row of byStrike) {
      callGex += row.callGex;
      putGex += row.putGex;
    }
    const { callWall, putWall } = gammaWalls(byStrike);
    const now = this.gexPoint(root, expiry, minute, chain);
    const history: GexPoint[] = [];
    const session = sessionOn(istDateOf(minute), 'NFO');
    if (session) {
      for (let t = session.open; t < minute; t += GEX_HISTORY_STEP_MS) {
        await this.analytics.prepare(root, expiry, t);
        const point = this.gexPoint(root, expiry, t, null);
        if (point) history.push(point);
      }
    }
    if (now) history.push(now);
    const netGex = callGex + putGex;
    const answer: GexAnswer = {
      name: root,
      expiry,
      at: chain.at,
      spot: roundedOrNull(spot, 2),
      forward: roundedOrNull(a.forward, 2),
      atmStrike: roundedOrNull(a.atmStrike, 2),
      maxPainStrike: roundedOrNull(a.maxPainStrike, 2),
      daysToExpiry: roundedOrNull(a.years * 365, 3) ?? 0,
      callGex: Math.round(callGex),
      putGex: Math.round(putGex),
      netGex: Math.round(netGex),
      callWall,
      putWall,
      flip: now?.flip ?? null,
      regime: gammaRegime(netGex),
      strikes: byStrike.map((row, i) => ({
        strike: row.strike,
        ceOi: roundedOrNull(a.ce.oi[i], 0),
        peOi: roundedOrNull(a.pe.oi[i], 0),
        callGex: Math.round(row.callGex),
        putGex: Math.round(row.putGex),
        netGex: Math.round(row.netGex),
      })),
      history,
    };
    return new JsonText(JSON.stringify(answer));
  }

  // Net GEX and the flip of the chain at a minute (computed once: a past minute's chain never changes).
  private gexPoint(root: string, expiry: IsoDate, minute: number, known: ChainAtMinute | null): GexPoint | null {
    return this.gexPoints.getOrCompute(`${root}|${expiry}|${minute}`, () => {
      const chain = known ?? this.analytics.at(root, expiry, minute);
      if (!chain) return null;
      const a = chain.analytics;
      const spot = a.summary.spot;
      if (!(spot > 0)) return null;
      const profile = {
        strikes: a.strikes,
        ceOi: a.ce.oi,
        peOi: a.pe.oi,
        ceIv: a.ce.iv,
        peIv: a.pe.iv,
        years: a.years,
        rate: a.rate,
        forwardPerSpot: a.forward > 0 ? a.forward / spot : 1,
      };
      return {
        t: chain.at,
        spot: roundedOrNull(spot, 2),
        netGex: Math.round(netGammaExposureAt(profile, spot)),
        flip: roundedOrNull(zeroGammaFlip(profile, spot) ?? NaN, 2),
      };
    });
  }

  /**
   * The ATM IV of the nearest expiry at least {@link IV_HISTORY_MIN_DAYS_LEFT} days away at the close of each of the
   * last `days` sessions closed by the view's instant, oldest first.
   */
  ivHistory(view: MarketView, root: string, days: number): Promise<JsonText> {
    const last = lastClosedSessionSecond(view.asOf, 'NFO');
    return this.uncachedOnFailure(this.ivHistories, `${root}|${days}|${last}`, () =>
      this.computeIvHistory(root, days, last),
    );
  }

  private async computeIvHistory(root: string, days: number, last: number): Promise<JsonText> {
    const points: Data<typeof IvHistorySchema>['points'] = [];
    const spotToken = spotInstrumentToken(root);
    let at = last;
    for (let day = 0; day < days; day++) {
      if (day > 0 && day % IV_HISTORY_SLICE === 0) await nextTurn();
      const expiry = this.data.instruments
        .optionExpiries(root, at)
        .find((candidate) => candidate.expiresAt - at >= IV_HISTORY_MIN_DAYS_LEFT * DAY_MS);
      const point = expiry ? this.atmIv(root, expiry, at) : null;
      if (point && point.iv !== null && point.forward !== null) {
        const close = this.data.quotes.quote(spotToken, at)?.lp ?? null;
        points.push({
          date: istDateOf(at),
          expiry: expiry!.date,
          strike: point.strike,
          forward: point.forward,
          iv: point.iv,
          close: roundedOrNull(close ?? NaN, 2),
        });
      }
      at = lastClosedSessionSecond(at - DAY_MS / 2, 'NFO');
    }
    points.reverse();
    return new JsonText(JSON.stringify({ name: root, points } satisfies Data<typeof IvHistorySchema>));
  }

  /** The ATM IV of every expiry of the underlying listed at the view's minute, nearest first. */
  ivTermStructure(view: MarketView, root: string): JsonText {
    const minute = chainMinute(tradingInstant(view.asOf));
    return this.termStructures.getOrCompute(`${root}|${minute}`, () => {
      const points: Data<typeof IvTermStructureSchema>['points'] = [];
      for (const expiry of this.data.instruments.optionExpiries(root, minute)) {
        const point = this.atmIv(root, expiry, minute);
        if (point) points.push({ expiry: expiry.date, ...point });
      }
      return new JsonText(JSON.stringify({ name: root, at: minute, points }));
    });
  }

  // One expiry's ATM strike (nearest the implied forward) and its IV at an instant, from the two legs' quotes.
  private atmIv(root: string, expiry: ContractExpiry, at: number) {
    const ladder = this.data.instruments.optionChainInstruments(root, expiry.date, at, 1);
    const row = ladder?.strikes[0];
    if (!ladder || !row) return null;
    const years = yearFractionToExpiry(at, expiry.expiresAt);
    const quoteOf = (strike: number) => {
      const ce = this.data.instruments.optionInstrument(root, 'CE', expiry.date, strike);
      const pe = this.data.instruments.optionInstrument(root, 'PE', expiry.date, strike);
      const ceLtp = ce ? this.data.quotes.quote(ce.instrumentToken, at)?.lp : undefined;
      const peLtp = pe ? this.data.quotes.quote(pe.instrumentToken, at)?.lp : undefined;
      return ceLtp === undefined || peLtp === undefined
        ? null
        : atmImpliedVolatility({ strike, ceLtp, peLtp, years, rate: OPTION_DISCOUNT_RATE });
    };
    // The ladder's middle strike is nearest the month's future; a weekly's own forward may sit a strike away.
    let strike = row.strike;
    let atm = quoteOf(strike);
    const full =
      atm && Number.isFinite(atm.forward)
        ? this.data.instruments.optionChainInstruments(root, expiry.date, at, 3)
        : null;
    if (atm && full) {
      const strikes = full.strikes.map((candidate) => candidate.strike);
      const nearest = strikes[nearestStrikeIndex(strikes, atm.forward)];
      if (nearest !== undefined && nearest !== strike) {
        strike = nearest;
        atm = quoteOf(strike) ?? atm;
      }
    }
    return {
      daysToExpiry: roundedOrNull(years * 365, 3) ?? 0,
      strike,
      forward: roundedOrNull(atm?.forward ?? NaN, 2),
      iv: roundedOrNull((atm?.iv ?? NaN) * 100, 2),
    };
  }

  // A cached computation that is computed again on the next request when it failed.
  private uncachedOnFailure(
    cache: BoundedCache<string, Promise<JsonText>>,
    key: string,
    compute: () => Promise<JsonText>,
  ): Promise<JsonText> {
    const pending = cache.getOrCompute(key, compute);
    pending.catch(() => cache.delete(key));
    return pending;
  }
}
