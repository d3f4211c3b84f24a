import {
  FanOutRequestSchema,
  FanOutResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  type FanOutResult,
  type OrderLineInput,
} from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';
import { retryLostOrderRequest, type TerminalOrderOrigin } from './place-orders';

/**
 * `POST quiktrade/fan-out`: one line on every account of the user enabled for trading, each at its multiplier; one
 * result per account. A request lost on the way is sent again with the same Idempotency-Key (at most twice), so the
 * server places it once.
 */
export async function placeFanOut(
  line: OrderLineInput,
  origin: TerminalOrderOrigin,
  idempotencyKey: string,
): Promise<FanOutResult> {
  const body = FanOutRequestSchema.parse({ line, origin });
  for (let failures = 0; ; failures += 1) {
    try {
      return await apiFetch('/api/v1/quiktrade/fan-out', {
        method: 'POST',
        body,
        schema: FanOutResultSchema,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      });
    } catch (error) {
      if (!(error instanceof Error) || !retryLostOrderRequest(failures, error)) throw error;
    }
  }
}
