import { OrderEventSchema } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { useTicks } from '../../../lib/feed/use-ticks';
import { invalidateTrading } from '../api/risk-settings';

/**
 * Reloads an account's books when the feed carries one of its order events (placed, filled, rejected, cancelled,
 * position or funds changed), so the trading pages update without a reload. `tokens` are held on the feed (their
 * prices drive live MTM), which also keeps the connection that carries the events open.
 */
export function useTradingEvents(brokerId: string | null, tokens: readonly number[]) {
  const client = useFeedClient();
  const queryClient = useQueryClient();
  const view = useTicks(tokens, 'quote', brokerId !== null);
  useEffect(() => {
    if (brokerId === null) return undefined;
    return client.onEvent((_channel, data) => {
      const event = OrderEventSchema.safeParse(data);
      if (event.success && event.data.brokerId === brokerId) void invalidateTrading(queryClient, brokerId);
    });
  }, [client, queryClient, brokerId]);
  return view;
}
