import {
  defaultMarketCalendar,
  istDateOf,
  istMillisOfDay,
  previousTradingDay,
  sessionOn,
  type Clock,
  type MarketCalendar,
} from '@fnodesk/domain';

/** How the simulated feed follows market hours (`MARKET_CLOCK`). */
export type MarketClockMode = 'live' | 'replay' | 'always';

/** The instant of simulated market time a wall-clock second is played at. */
export interface MarketInstant {
  /** Exchange time (epoch ms) whose ticks are published. */
  readonly at: number;
  /** True when `at` is a past session played again rather than the present. */
  readonly replay: boolean;
}

/** Maps wall time to the market time the simulated feed publishes. */
export interface MarketClock {
  readonly mode: MarketClockMode;
  /** The market instant for wall time `now`, or null when nothing trades then (`live` outside market hours). */
  at(now: number): MarketInstant | null;
}

/** One day's trading window across the cash and F&O segments. */
interface TradingWindow {
  readonly open: number;
  readonly close: number;
}

// Ticks cover the cash market and F&O: from the earlier open to the later close (F&O trades until 15:40 from
// 3-Aug-2026 while cash closes at 15:30).
function windowOn(date: string, calendar: MarketCalendar): TradingWindow | null {
  const sessions = [sessionOn(date, 'NSE', calendar), sessionOn(date, 'NFO', calendar)].filter((s) => s !== null);
  if (sessions.length === 0) return null;
  return {
    open: Math.min(...sessions.map((s) => s.open)),
    close: Math.max(...sessions.map((s) => s.close)),
  };
}

// A replay plays the cash session, when every instrument trades: in F&O's last ten minutes (15:30–15:40 from
// 3-Aug-2026) the indices and stocks stand at their close, and a replay landing there showed a frozen market.
function replayWindowOn(date: string, calendar: MarketCalendar): TradingWindow | null {
  return sessionOn(date, 'NSE', calendar) ?? windowOn(date, calendar);
}

/** The latest replay window that has closed by `now` (today's once it is over, else the previous trading day's). */
function lastClosedWindow(now: number, calendar: MarketCalendar): TradingWindow {
  const today = istDateOf(now);
  const todays = replayWindowOn(today, calendar);
  if (todays && now >= todays.close) return todays;
  let date = today;
  for (;;) {
    date = previousTradingDay(date, 'NSE', calendar);
    const window = replayWindowOn(date, calendar);
    if (window) return window;
  }
}

/**
 * Where a replay starts (`MARKET_REPLAY_FROM`): at `startedAt` (wall time, the process's start) the replay stands at
 * `msOfDay` (IST time of day) of the session, and plays on from there at real speed.
 */
export interface ReplayStart {
  readonly msOfDay: number;
  readonly startedAt: number;
}

/**
 * Plays `now` inside a closed cash session at real speed: the session starts again from its open the moment it
 * closes (or, given a start, from that time of the session when the process started), and wraps around every session
 * length, so a demo at any hour shows a moving market.
 */
function replayInstant(now: number, calendar: MarketCalendar, start: ReplayStart | undefined): MarketInstant {
  const window = lastClosedWindow(now, calendar);
  const length = window.close - window.open;
  // A start before the open stands at the open.
  const elapsed =
    start === undefined
      ? now - window.close
      : Math.max(0, start.msOfDay - istMillisOfDay(window.open)) + (now - start.startedAt);
  const offset = ((elapsed % length) + length) % length;
  return { at: window.open + offset, replay: true };
}

/**
 * The market clock of the simulated feed. `live` follows IST sessions and holidays from the domain calendar and is
 * silent outside them; `replay` always plays the most recent closed cash session (so it is labelled a replay at
 * every hour); `always` is live during market hours and replays the most recent cash session outside them, so the
 * market never closes. `replayStart` pins where a replay stands when the process starts.
 */
export function createMarketClock(
  mode: MarketClockMode,
  calendar: MarketCalendar = defaultMarketCalendar,
  replayStart?: ReplayStart,
): MarketClock {
  const openNow = (now: number): boolean => {
    const window = windowOn(istDateOf(now), calendar);
    return window !== null && now >= window.open && now < window.close;
  };
  return {
    mode,
    at(now) {
      if (mode === 'replay') return replayInstant(now, calendar, replayStart);
      if (openNow(now)) return { at: now, replay: false };
      return mode === 'always' ? replayInstant(now, calendar, replayStart) : null;
    },
  };
}

/**
 * A clock that reads the simulated market's time: the instant `marketClock` plays for the wall time of `wall`, or
 * the wall time itself when nothing is played (`live` outside market hours). Timers stay on the wall clock. Trading
 * on the simulated market validates, prices and stamps orders with it, so the paper exchange trades the session the
 * feed and the data routes show (under `MARKET_CLOCK=always` on a holiday: the replayed session, not a closed
 * market).
 */
export function marketTimeClock(wall: Clock, marketClock: MarketClock): Clock {
  return {
    now: () => {
      const now = wall.now();
      return marketClock.at(now)?.at ?? now;
    },
    setTimeout: (fn, ms) => wall.setTimeout(fn, ms),
    setInterval: (fn, ms) => wall.setInterval(fn, ms),
  };
}
