import type { FeedTick } from '@fnodesk/contracts';
import type { Clock, TimerHandle } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FeedSource, FeedSourceStatus, TickSink } from './feed-source';
import type { MarketClock } from './market-clock';

/** What the simulated feed is built from. */
export interface SimFeedSourceDeps {
  /** The simulated market, or a function giving it (started on first use). */
  readonly market: MarketSim | (() => MarketSim);
  readonly clock: Clock;
  readonly marketClock: MarketClock;
  /** A batch the sink threw on; the feed keeps ticking. */
  readonly onError: (err: unknown) => void;
}

/** The simulated feed source, which also says whether it is replaying a past session. */
export interface SimFeedSource extends FeedSource {
  /** True while the published ticks come from a past session played again. */
  replaying(): boolean;
}

/**
 * The `sim` feed source: once per wall-clock second, the ticks of the second that just ended in the simulated
 * market (`liveTicks`, consistent with its candles), as one batch. It ticks the sim's live set (indices, stocks,
 * futures, near index options) plus any other instrument a client wants. Outside market hours it follows the
 * market clock: silent (`live`) or replaying the last session (`replay`, `always`).
 */
export function createSimFeedSource(deps: SimFeedSourceDeps): SimFeedSource {
  const { clock, marketClock } = deps;
  const market = () => (typeof deps.market === 'function' ? deps.market() : deps.market);
  let sink: TickSink | undefined;
  let timer: TimerHandle | undefined;
  let wanted: readonly number[] = [];
  let lastTickAt: number | null = null;
  let replay = false;

  const ticksAt = (at: number): FeedTick[] => {
    const sim = market();
    const ticks = sim.liveTicks(at);
    if (wanted.length === 0) return ticks;
    const seen = new Set<number>();
    for (const tick of ticks) seen.add(tick.token);
    const extra = wanted.filter((token) => !seen.has(token));
    return extra.length === 0 ? ticks : ticks.concat(sim.liveTicks(at, extra));
  };

  const step = () => {
    const now = clock.now();
    // The second that just ended: timers fire a little late, never early enough to matter.
    const second = Math.floor(now / 1_000) * 1_000;
    schedule(now);
    const instant = marketClock.at(second);
    replay = instant?.replay ?? false;
    if (!instant || !sink) return;
    try {
      const ticks = ticksAt(instant.at);
      if (ticks.length === 0) return;
      lastTickAt = instant.at;
      sink(ticks);
    } catch (err) {
      deps.onError(err);
    }
  };

  const schedule = (now: number) => {
    timer = clock.setTimeout(step, 1_000 - (now % 1_000));
  };

  return {
    async start(target) {
      sink = target;
      timer?.cancel();
      schedule(clock.now());
    },
    async stop() {
      timer?.cancel();
      timer = undefined;
      sink = undefined;
    },
    want(tokens) {
      wanted = [...tokens];
    },
    status(): FeedSourceStatus {
      return { source: 'sim', connected: sink !== undefined, stale: false, lastTickAt };
    },
    replaying: () => replay,
  };
}
