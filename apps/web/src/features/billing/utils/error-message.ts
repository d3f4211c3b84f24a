import { GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** The text for a failed billing call: the server's own message when it sent one, otherwise a generic one. */
export function billingErrorMessage(error: unknown): string {
  if (isApiError(error) && error.message.length > 0) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
