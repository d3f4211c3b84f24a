import { BrokerAccountSchema, type BrokerAccount, type UpdateBrokerRequest } from '@fnodesk/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

// The server answers with the changed account; an older one may answer with no data at all.
const UpdatedBrokerSchema = BrokerAccountSchema.nullable().optional().catch(undefined);

/** `PUT /api/v1/brokers/{id}`: sets one of isDefault, autoLogin or quickTrade. */
export async function updateBroker(id: string, change: UpdateBrokerRequest): Promise<BrokerAccount | undefined> {
  const updated = await apiFetch(`/api/v1/brokers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: change,
    schema: UpdatedBrokerSchema,
  });
  return updated ?? undefined;
}

/** `DELETE /api/v1/brokers/{id}`. */
export async function deleteBroker(id: string): Promise<void> {
  await apiFetch(`/api/v1/brokers/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}
