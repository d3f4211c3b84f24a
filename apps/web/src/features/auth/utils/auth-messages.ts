import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

/** Shown (spec §8) when login or registration fails without a message from the server. */
export const SIGN_IN_FALLBACK_MESSAGE = NETWORK_ERROR_MESSAGE;

/** Shown (spec §8, its spelling) when a forgot/reset-password call fails without a message from the server. */
export const UNEXPECTED_FAILURE_MESSAGE = 'Something unexpected happenned';
