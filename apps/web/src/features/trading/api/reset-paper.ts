import { FundsSchema, type Funds, type PaperResetRequest } from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';
import { brokerPath } from '../../../lib/trading/trading-paths';

/** `POST brokers/{id}/paper/reset`: the paper book starts again from virtual capital; the funds it now has. */
export function resetPaperAccount(brokerId: string, request: PaperResetRequest): Promise<Funds> {
  return apiFetch(brokerPath(brokerId, '/paper/reset'), { method: 'POST', body: request, schema: FundsSchema });
}
