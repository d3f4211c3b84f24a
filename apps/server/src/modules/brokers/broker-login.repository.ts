import { schema, type Db } from '@fnodesk/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { BrokerLoginStatus } from '../billing/billing-entitlements';

/**
 * Whether a user has a broker session running, from `broker_accounts` (the only code here touching that table).
 * Paper Trading accounts count like any broker (ARCHITECTURE §3). Read on every entitlements check, so the query is
 * prepared once rather than built per call.
 */
export function createBrokerLoginStatus(db: Db, now: () => number): BrokerLoginStatus {
  const { brokerAccounts } = schema;
  const loggedIn = db
    .select({ id: brokerAccounts.id })
    .from(brokerAccounts)
    .where(
      and(
        eq(brokerAccounts.userId, sql.placeholder('userId')),
        gt(brokerAccounts.sessionExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('broker_logged_in');
  return {
    async isLoggedIn(userId) {
      // A timestamp placeholder is not passed through the column's encoder: give the driver its text form.
      const rows = await loggedIn.execute({ userId, now: new Date(now()).toISOString() });
      return rows.length > 0;
    },
  };
}
