import { schema, type Db } from '@fnodesk/db';
import { and, eq, gt } from 'drizzle-orm';
import type { BrokerLoginStatus } from '../billing/billing-entitlements';

/**
 * Whether a user has a broker session running, from `broker_accounts` (the only code here touching that table).
 * Paper Trading accounts count like any broker (ARCHITECTURE §3).
 */
export function createBrokerLoginStatus(db: Db, now: () => number): BrokerLoginStatus {
  return {
    async isLoggedIn(userId) {
      const rows = await db
        .select({ id: schema.brokerAccounts.id })
        .from(schema.brokerAccounts)
        .where(
          and(eq(schema.brokerAccounts.userId, userId), gt(schema.brokerAccounts.sessionExpiresAt, new Date(now()))),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
