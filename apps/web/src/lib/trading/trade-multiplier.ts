import { TradeMultiplierRequestSchema, type BrokerAccount } from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../api-client';
import { BROKERS_LIST_QUERY_KEY, BROKERS_QUERY_KEY } from '../broker-accounts-key';
import { brokerPath } from './trading-paths';

const multiplierField = TradeMultiplierRequestSchema.shape.multiplier;

/** The multiplier's bounds, as the server checks them. */
export const TRADE_MULTIPLIER_LIMITS = {
  min: multiplierField.minValue ?? 1,
  max: multiplierField.maxValue ?? 100,
} as const;

const SavedMultiplierSchema = z.object({ multiplier: z.number().int() });

/** `PUT brokers/{id}/multiplier`: how many times a fanned-out line's quantity the account trades. */
export async function saveTradeMultiplier(brokerId: string, multiplier: number): Promise<number> {
  const saved = await apiFetch(brokerPath(brokerId, '/multiplier'), {
    method: 'PUT',
    body: TradeMultiplierRequestSchema.parse({ multiplier }),
    schema: SavedMultiplierSchema,
  });
  return saved.multiplier;
}

/**
 * Saves an account's multiplier; on success the cached broker list shows it at once and is then reloaded, so the
 * Broker List and the terminal read the same value.
 */
export function useSaveTradeMultiplier(brokerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (multiplier: number) => saveTradeMultiplier(brokerId, multiplier),
    onSuccess: (multiplier) => {
      queryClient.setQueryData<BrokerAccount[]>(BROKERS_LIST_QUERY_KEY, (accounts) =>
        accounts?.map((account) => (account.id === brokerId ? { ...account, tradeMultiplier: multiplier } : account)),
      );
      void queryClient.invalidateQueries({ queryKey: BROKERS_QUERY_KEY });
    },
  });
}
