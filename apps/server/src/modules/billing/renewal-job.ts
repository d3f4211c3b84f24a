import { formatPaiseAsRupees, type Clock, type TimerHandle } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../accounts/mail/mail.port';
import { renewalDueMail } from '../accounts/mail/mail-templates';
import type { BillingService } from './billing.service';

/** How often the renewal sweep runs. */
export const RENEWAL_SWEEP_MS = 3_600_000;

const IST_DATE = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/**
 * Auto-renewal: before an auto-renewing period ends, a renewal order is made and its pay link mailed. The sweep
 * is idempotent (one renewal order per period), so running it on several nodes or twice mails once.
 */
export function createRenewalJob(deps: {
  service: BillingService;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { service, mailer, logger } = deps;
  let timer: TimerHandle | undefined;
  let running: Promise<number> | undefined;

  async function sweep(): Promise<number> {
    const due = await service.prepareRenewals();
    for (const { order, pkg, payer, subscription } of due) {
      try {
        await mailer.send(
          renewalDueMail(payer.email, payer.firstName, {
            planType: pkg.planType,
            endsOn: IST_DATE.format(subscription.endsAt),
            amount: formatPaiseAsRupees(order.amountPaise),
            url: `${deps.publicUrl}/payment?order=${order.id}`,
          }),
        );
      } catch (err) {
        // The order stands and can be paid from My Subscriptions; only the mail is lost.
        logger.error({ err, orderId: order.id }, 'renewal mail could not be sent');
      }
    }
    if (due.length > 0) logger.info({ renewals: due.length }, 'renewal orders made');
    return due.length;
  }

  // One sweep at a time. A tick arriving during a sweep asks for one more sweep after it (with a later `now`),
  // rather than being dropped.
  let again = false;

  function startSweep(): Promise<number> {
    const current = sweep().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        startSweep().catch((err: unknown) => logger.error({ err }, 'renewal sweep failed'));
      }
    });
    running = current;
    return current;
  }

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    startSweep().catch((err: unknown) => logger.error({ err }, 'renewal sweep failed'));
  }

  return {
    /** Runs one sweep now, after any running one; resolves with the number of renewal orders it made. */
    async run(): Promise<number> {
      while (running) await running.catch(() => undefined);
      return startSweep();
    },
    /** Sweeps now and then every hour. */
    start(): void {
      timer = deps.clock.setInterval(tick, RENEWAL_SWEEP_MS);
      tick();
    },
    /** Stops the schedule and waits for a running sweep. */
    async stop(): Promise<void> {
      timer?.cancel();
      again = false;
      while (running) await running.catch(() => undefined);
    },
  };
}

/** The renewal job. */
export type RenewalJob = ReturnType<typeof createRenewalJob>;
