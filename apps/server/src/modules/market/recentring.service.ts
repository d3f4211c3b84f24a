// The re-centring simulator behind `/data/v1/recentring-sim`: for each of the last closed sessions, the underlying's
// 1-minute closes and those of the nearest expiry's CE and PE at every strike the session's range reached, handed to
// the domain's pure simulation. Answers are kept as JSON text per query and last closed session, so a page asking
// again costs a lookup.
import type { RecentringSimulationSchema } from '@fnodesk/contracts';
import {
  istDateOf,
  lastClosedSessionSecond,
  lotSizeFor,
  nearestStrikeIndex,
  sessionOn,
  sessionStart,
  simulateRecentring,
  spotInstrumentToken,
  type RecentringRules,
  type RecentringSession,
} from '@fnodesk/domain';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BoundedCache } from './bounded-cache';
import type { MarketData } from './market-data.port';
import { JsonText } from './market-format';
import type { Data, MarketView } from './market-view';

const DAY_MS = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** What a run simulates. */
export interface RecentringRequest {
  name: string;
  width: number;
  move: number | undefined;
  ratio: number | undefined;
  lots: number;
  sessions: number;
}

/** The re-centring simulator service: one per process, over the market-data port. */
export class RecentringService {
  private readonly answers = new BoundedCache<string, Promise<JsonText>>(64);

  constructor(private readonly data: MarketData) {}

  /** The simulation over the sessions closed by the view's instant. */
  simulate(view: MarketView, request: RecentringRequest): Promise<JsonText> {
    const last = lastClosedSessionSecond(view.asOf, 'NFO');
    const key = `${JSON.stringify(request)}|${last}`;
    const pending = this.answers.getOrCompute(key, () => this.compute(request, last));
    pending.catch(() => this.answers.delete(key));
    return pending;
  }

  private async compute(request: RecentringRequest, last: number): Promise<JsonText> {
    const rows: Data<typeof RecentringSimulationSchema>['sessions'] = [];
    let lotSize = 0;
    let at = last;
    for (let n = 0; n < request.sessions; n++) {
      // One session per turn of the event loop: other requests are served between them.
      if (n > 0) await nextTurn();
      const date = istDateOf(at);
      const prepared = this.session(request, date, at);
      if (prepared !== null) {
        lotSize = prepared.lotSize;
        const rules: RecentringRules = {
          root: request.name,
          exchange: prepared.exchange,
          width: request.width,
          movePoints: request.move ?? null,
          premiumRatio: request.ratio ?? null,
          quantity: request.lots * prepared.lotSize,
        };
        const result = simulateRecentring(prepared.session, rules);
        rows.push({
          date,
          expiry: prepared.expiry,
          ceStrike: result.firstStrikes?.ce ?? null,
          peStrike: result.firstStrikes?.pe ?? null,
          grossPnl: result.grossPnl,
          charges: result.charges,
          netPnl: result.netPnl,
          maxDrawdown: result.maxDrawdown,
          adjustments: result.adjustments,
          orders: result.orders,
        });
      }
      at = lastClosedSessionSecond(at - DAY_MS / 2, 'NFO');
    }
    rows.reverse();
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const answer: Data<typeof RecentringSimulationSchema> = {
      name: request.name,
      lotSize,
      quantity: request.lots * lotSize,
      sessions: rows,
      totals: {
        grossPnl: round2(sum((row) => row.grossPnl)),
        charges: round2(sum((row) => row.charges)),
        netPnl: round2(sum((row) => row.netPnl)),
        adjustments: sum((row) => row.adjustments),
        worstDrawdown: rows.reduce((worst, row) => Math.max(worst, row.maxDrawdown), 0),
        winningSessions: rows.filter((row) => row.netPnl > 0).length,
      },
    };
    return new JsonText(JSON.stringify(answer));
  }

  // One session's closes: the spot's, and the nearest expiry's CE and PE at every strike from the session's low to
  // its high, widened by the strangle's width and one strike either side.
  private session(request: RecentringRequest, date: string, lastSecond: number) {
    const session = sessionOn(date, 'NFO');
    if (session === null || session === undefined) return null;
    const open = sessionStart(session);
    const { instruments, candles } = this.data;
    const expiry = instruments.optionExpiries(request.name, open).find((candidate) => candidate.expiresAt > open);
    if (expiry === undefined) return null;
    const ladder = instruments.optionChainInstruments(request.name, expiry.date, lastSecond);
    if (ladder === null || ladder.strikes.length === 0) return null;
    const spots = candles.candles(spotInstrumentToken(request.name), '1m', open, lastSecond);
    if (spots.length === 0) return null;
    const all = ladder.strikes.map((row) => row.strike);
    let low = Infinity;
    let high = -Infinity;
    for (const candle of spots) {
      low = Math.min(low, candle.c);
      high = Math.max(high, candle.c);
    }
    const first = Math.max(0, nearestStrikeIndex(all, low) - request.width - 1);
    const last = Math.min(all.length - 1, nearestStrikeIndex(all, high) + request.width + 1);
    const rows = ladder.strikes.slice(first, last + 1);
    const times = spots.map((candle) => candle.t);
    const index = new Map(times.map((t, i) => [t, i]));
    const closes = (token: number) => {
      const out = new Array<number>(times.length).fill(NaN);
      for (const candle of candles.candles(token, '1m', open, lastSecond)) {
        const i = index.get(candle.t);
        if (i !== undefined) out[i] = candle.c;
      }
      return out;
    };
    const prepared: RecentringSession = {
      date,
      times,
      underlying: spots.map((candle) => candle.c),
      strikes: rows.map((row) => row.strike),
      ce: rows.map((row) => closes(row.ce.instrumentToken)),
      pe: rows.map((row) => closes(row.pe.instrumentToken)),
    };
    const exchange: 'NFO' | 'BFO' = rows[0]!.ce.exchange === 'BFO' ? 'BFO' : 'NFO';
    return { session: prepared, expiry: expiry.date, lotSize: lotSizeFor(request.name, expiry.date), exchange };
  }
}
