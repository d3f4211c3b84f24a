import type { Clock, TimerHandle } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Unsubscribe } from '../../platform/bus';
import { createCoalescedRun } from '../../platform/coalesced-run';
import { FEED_BATCH_CHANNEL } from '../feed/feed-channels';

/** Market passes running on their schedule. */
export interface MarketPassSchedule {
  /** Resolves once no scheduled pass is under way or asked for. */
  idle(): Promise<void>;
  /** Stops scheduling passes and waits for the one under way. */
  stop(): Promise<void>;
}

/**
 * When the jobs role runs its market passes (the paper exchange's pump, then the risk engine):
 * - on every tick batch the ingest role announces, so a tick crossing a stop is acted on as soon as it is published
 *   (on a fixed timer it waited up to a whole period for the timer's next beat);
 * - on a timer of `everyMs`, in a period in which no batch arrived: time-based work (TIME rules, the MIS square-off,
 *   expiry) and the stale-feed pause need passes while the feed is silent.
 * Passes never overlap (a pass writes what the next one reads); batches arriving during a pass are answered by one
 * more pass after it, never by a queue of them.
 */
export async function startMarketPassSchedule(deps: {
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  pass: () => Promise<void>;
  everyMs: number;
}): Promise<MarketPassSchedule> {
  const passes = createCoalescedRun(deps.pass, (error) => deps.logger.error({ err: error }, 'market pass failed'));
  let batchSinceBeat = false;
  const unsubscribe: Unsubscribe = await deps.bus.subscribe(FEED_BATCH_CHANNEL, () => {
    batchSinceBeat = true;
    passes.request();
  });
  const timer: TimerHandle = deps.clock.setInterval(() => {
    // The feed drove a pass this period: the timer adds none (its work is done, and passes cost CPU).
    if (batchSinceBeat) {
      batchSinceBeat = false;
      return;
    }
    passes.request();
  }, deps.everyMs);
  return {
    idle: () => passes.idle(),
    async stop() {
      timer.cancel();
      await unsubscribe();
      await passes.idle();
    },
  };
}
