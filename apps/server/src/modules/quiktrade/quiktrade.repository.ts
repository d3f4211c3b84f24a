import { schema, type Db } from '@fnodesk/db';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';

const { positionProtections, tradingPositions } = schema;

/** A watched protection with its position. */
export interface WatchedProtection {
  protection: typeof positionProtections.$inferSelect;
  position: typeof tradingPositions.$inferSelect;
}

/** The risk engine's SQL: the protections to watch, trail moves, and the claim that makes one trigger one exit. */
export function createQuikTradeRepository(db: Db) {
  return {
    /** Protections not yet triggered on open positions. */
    async watched(): Promise<WatchedProtection[]> {
      const rows = await db
        .select()
        .from(positionProtections)
        .innerJoin(tradingPositions, eq(tradingPositions.id, positionProtections.positionId))
        .where(and(isNull(positionProtections.triggeredAt), ne(tradingPositions.quantity, 0)));
      return rows.map((r) => ({ protection: r.position_protections, position: r.trading_positions }));
    },

    /** Triggers claimed whose exit was never placed (the process stopped in between): placed again, same key. */
    async unfinishedExits(): Promise<WatchedProtection[]> {
      const rows = await db
        .select()
        .from(positionProtections)
        .innerJoin(tradingPositions, eq(tradingPositions.id, positionProtections.positionId))
        .where(
          and(
            isNotNull(positionProtections.triggeredAt),
            isNull(positionProtections.exitIntentId),
            ne(tradingPositions.quantity, 0),
          ),
        );
      return rows.map((r) => ({ protection: r.position_protections, position: r.trading_positions }));
    },

    async saveTrail(positionId: string, stopLoss: number | null, trailAnchor: number | null, at: Date): Promise<void> {
      await db
        .update(positionProtections)
        .set({ stopLoss, trailAnchor, updatedAt: at })
        .where(and(eq(positionProtections.positionId, positionId), isNull(positionProtections.triggeredAt)));
    },

    /**
     * Claims a trigger: true for exactly one caller, however many engines (or restarts) see the same price, because
     * the claim and the check are one statement.
     */
    async claim(positionId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(positionProtections)
        .set({ triggeredAt: at, updatedAt: at })
        .where(and(eq(positionProtections.positionId, positionId), isNull(positionProtections.triggeredAt)))
        .returning({ positionId: positionProtections.positionId });
      return rows.length === 1;
    },

    async recordExit(positionId: string, intentId: string): Promise<void> {
      await db
        .update(positionProtections)
        .set({ exitIntentId: intentId })
        .where(eq(positionProtections.positionId, positionId));
    },
  };
}

/** The QuikTrade repository. */
export type QuikTradeRepository = ReturnType<typeof createQuikTradeRepository>;
