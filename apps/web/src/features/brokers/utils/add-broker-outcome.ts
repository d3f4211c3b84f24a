import { BROKER_MESSAGES } from '@fnodesk/contracts';
import { isApiError } from '../../../lib/api-error';

/** What a failed `POST brokers` leads to (accounts §8). */
export type AddBrokerFailure = { kind: 'broker-accounts' } | { kind: 'login' } | { kind: 'message'; text: string };

/**
 * Accounts §8: 'broker name already used' → the Broker List; 403 → login (the API client has already gone there);
 * 500 or no answer → 'Something went wrong. Please contact support!'; any other error text in red in the form.
 */
export function addBrokerFailure(error: unknown): AddBrokerFailure {
  if (!isApiError(error)) return { kind: 'message', text: BROKER_MESSAGES.contactSupport };
  if (error.errorCode === 'SESSION_EXPIRED' || error.status === 403) return { kind: 'login' };
  if (error.message.trim().toLowerCase() === BROKER_MESSAGES.nameUsed) return { kind: 'broker-accounts' };
  if (error.status === 0 || error.status >= 500) return { kind: 'message', text: BROKER_MESSAGES.contactSupport };
  return { kind: 'message', text: error.message };
}
