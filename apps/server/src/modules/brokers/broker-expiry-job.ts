import { nextIstSixAm } from '@fnodesk/brokers';
import type { Clock, TimerHandle } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpiredSession } from './brokers.repository';

/** How often sessions are also swept between the daily 06:00 IST runs (a broker may end a session at another time). */
export const BROKER_EXPIRY_SWEEP_MS = 3_600_000;

/**
 * Ends broker sessions when they run out: at 06:00 IST every day (when Indian brokers retire every access token),
 * hourly in between, and once at start to catch up. Runs only with the `jobs` role; the sweep is idempotent, so
 * several nodes sweeping at once end each session once.
 */
export function createBrokerExpiryJob(deps: {
  expire: () => Promise<ExpiredSession[]>;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const { clock, logger } = deps;
  let daily: TimerHandle | undefined;
  let hourly: TimerHandle | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function sweep(): Promise<number> {
    const expired = await deps.expire();
    if (expired.length > 0) logger.info({ sessions: expired.length }, 'broker sessions expired');
    return expired.length;
  }

  function run(): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(sweep);
    running = next;
    void next
      .catch((err: unknown) => logger.error({ err }, 'broker session sweep failed'))
      .finally(() => {
        if (running === next) running = undefined;
      });
    return next;
  }

  function scheduleNextSixAm(): void {
    if (stopped) return;
    const at = clock.now();
    daily = clock.setTimeout(
      () => {
        void run();
        scheduleNextSixAm();
      },
      nextIstSixAm(new Date(at)).getTime() - at,
    );
  }

  return {
    /** Sweeps now, after any running sweep; resolves with the number of sessions it ended. */
    run,
    /** Sweeps now, then at every 06:00 IST and hourly. */
    start(): void {
      stopped = false;
      scheduleNextSixAm();
      hourly = clock.setInterval(() => void run(), BROKER_EXPIRY_SWEEP_MS);
      void run();
    },
    /** Stops the schedule and waits for a running sweep. */
    async stop(): Promise<void> {
      stopped = true;
      daily?.cancel();
      hourly?.cancel();
      while (running) await running.catch(() => undefined);
    },
  };
}

/** The broker-token expiry job. */
export type BrokerExpiryJob = ReturnType<typeof createBrokerExpiryJob>;
