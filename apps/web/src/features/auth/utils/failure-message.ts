import { GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** The text for a failed call: the server's own message when it sent one (spec §8), otherwise `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  // NETWORK and INVALID_RESPONSE are the client's own codes, and the generic text means the server said nothing.
  if (error.errorCode === 'NETWORK' || error.errorCode === 'INVALID_RESPONSE') return fallback;
  return error.message.length > 0 && error.message !== GENERIC_ERROR_MESSAGE ? error.message : fallback;
}
