import { istDateOf, istInstant, addCalendarDays } from '@fnodesk/domain';

/** The IST wall-clock time at which Indian brokers expire every access token. */
export const BROKER_TOKEN_EXPIRY_IST = '06:00';

/**
 * The next 06:00 IST strictly after `loggedInAt`. Kite and most Indian brokers invalidate access tokens at 06:00 IST
 * every day (before the pre-open), whatever time the login happened, so a token from 05:59 lives one minute and one
 * from 06:00 lives a day.
 */
export function nextIstSixAm(loggedInAt: Date): Date {
  const at = loggedInAt.getTime();
  const today = istDateOf(at);
  const sameDay = istInstant(today, BROKER_TOKEN_EXPIRY_IST);
  return new Date(sameDay > at ? sameDay : istInstant(addCalendarDays(today, 1), BROKER_TOKEN_EXPIRY_IST));
}
