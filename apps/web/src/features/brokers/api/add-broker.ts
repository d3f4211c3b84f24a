import type { AddBrokerRequest } from '@fnodesk/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

// Accounts §7 promises only `data.type`; this server also answers with the new account, whose id starts its login.
const AddedBrokerSchema = z.looseObject({ id: z.string().optional(), type: z.string().optional() });

/** What `POST brokers` answered: the new account's id when the server sent it, and its type. */
export type AddedBroker = z.infer<typeof AddedBrokerSchema>;

/** `POST /api/v1/brokers`: links a broker account. */
export function addBroker(request: AddBrokerRequest): Promise<AddedBroker> {
  return apiFetch('/api/v1/brokers', { method: 'POST', body: request, schema: AddedBrokerSchema });
}
