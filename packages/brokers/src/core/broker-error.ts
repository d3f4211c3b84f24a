/**
 * Every failure an adapter reports is a `BrokerError` with a stable `code` the server maps to its error envelope.
 * The message is for people and never carries a secret (API secret, TOTP seed, access or request token, password):
 * adapters build it from fixed text and the broker's own message passed through {@link redactSecrets}.
 */

/** Stable codes of broker failures. */
export const BROKER_ERROR_CODES = [
  /** The broker refused the request (wrong credentials, bad input, the user cancelled the login). */
  'BROKER_REJECTED',
  /** The broker could not be reached, answered with a server error, or cannot be used from this installation. */
  'BROKER_UNAVAILABLE',
  /** The broker did not answer in time. */
  'BROKER_TIMEOUT',
  /** A checksum did not match: a postback not signed with the account's secret, or a session checksum refused. */
  'CHECKSUM_MISMATCH',
  /** The login needs a TOTP the user has not given. */
  'TOTP_REQUIRED',
  /** The broker session is no longer valid (expired at 06:00 IST, logged out elsewhere); log in again. */
  'SESSION_EXPIRED',
  /** The account lacks what the broker needs (API key, API secret), or the server lacks the partner app keys. */
  'MISSING_CREDENTIALS',
  /** The callback did not carry what the broker sends on a successful login. */
  'BAD_CALLBACK',
  /** Too many requests to the broker; try again shortly. */
  'RATE_LIMITED',
] as const;

/** A stable broker failure code. */
export type BrokerErrorCode = (typeof BROKER_ERROR_CODES)[number];

/** The HTTP status the server answers with for each code (4xx for the user's side, 5xx for the broker's). */
export const BROKER_ERROR_HTTP_STATUS: Readonly<Record<BrokerErrorCode, number>> = {
  BROKER_REJECTED: 400,
  BROKER_UNAVAILABLE: 503,
  BROKER_TIMEOUT: 504,
  CHECKSUM_MISMATCH: 400,
  TOTP_REQUIRED: 400,
  SESSION_EXPIRED: 401,
  MISSING_CREDENTIALS: 400,
  BAD_CALLBACK: 400,
  RATE_LIMITED: 429,
};

/** A broker failure with a stable code; safe to log and to show (no secrets in the message). */
export class BrokerError extends Error {
  override readonly name = 'BrokerError';
  readonly code: BrokerErrorCode;
  /** Registry id of the broker that failed, when known. */
  readonly brokerId: string | undefined;
  /** True when the same call may succeed if tried again later (network, timeout, rate limit, 5xx). */
  readonly retryable: boolean;

  constructor(code: BrokerErrorCode, message: string, options: { brokerId?: string; retryable?: boolean } = {}) {
    super(message);
    this.code = code;
    this.brokerId = options.brokerId;
    this.retryable =
      options.retryable ?? (code === 'BROKER_UNAVAILABLE' || code === 'BROKER_TIMEOUT' || code === 'RATE_LIMITED');
  }

  /** The HTTP status the server should answer with. */
  get httpStatus(): number {
    return BROKER_ERROR_HTTP_STATUS[this.code];
  }
}

/** True for a {@link BrokerError}, with its code narrowed when one is given. */
export function isBrokerError(error: unknown, code?: BrokerErrorCode): error is BrokerError {
  return error instanceof BrokerError && (code === undefined || error.code === code);
}

/**
 * Replaces every occurrence of each secret in a text by `••••`. Brokers sometimes echo what they were sent; run their
 * messages through this before they go into a `BrokerError`. Secrets shorter than 4 characters are ignored (they
 * would mangle ordinary words and are not secrets worth the name).
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === null || secret === undefined || secret.length < 4) continue;
    out = out.split(secret).join('••••');
  }
  return out;
}
