import {
  BrokerAccountSchema,
  BrokerLoginUrlSchema,
  RevealedBrokerSecretsSchema,
  type BrokerAccount,
  type BrokerCallbackRequest,
} from '@fnodesk/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const path = (id: string, action: string) => `/api/v1/brokers/${encodeURIComponent(id)}/${action}`;

/** `GET /api/v1/brokers/{id}/login` (optionally `?totp=`): where the browser goes to log the account in. */
export async function getBrokerLoginUrl(id: string, totp?: string): Promise<string> {
  const query = totp === undefined || totp === '' ? '' : `?totp=${encodeURIComponent(totp)}`;
  return (await apiFetch(`${path(id, 'login')}${query}`, { schema: BrokerLoginUrlSchema })).loginUrl;
}

/** `GET /api/v1/brokers/{id}/logout`. */
export async function logoutBroker(id: string): Promise<void> {
  await apiFetch(path(id, 'logout'), { schema: z.unknown() });
}

/** `POST /api/v1/brokers/callback`: completes a login with every query parameter the callback page received. */
export function completeBrokerLogin(request: BrokerCallbackRequest): Promise<BrokerAccount> {
  return apiFetch('/api/v1/brokers/callback', { method: 'POST', body: request, schema: BrokerAccountSchema });
}

/**
 * `POST /api/v1/brokers/{id}/reveal`: the API secret, TOTP seed and access token in full, for the password (and,
 * with two-factor sign-in on, a code) again.
 */
export function revealBrokerSecrets(id: string, password: string, code?: string) {
  const body = code === undefined ? { password } : { password, code };
  return apiFetch(path(id, 'reveal'), { method: 'POST', body, schema: RevealedBrokerSecretsSchema });
}
