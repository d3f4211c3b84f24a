import { BrokerError, redactSecrets, type BrokerErrorCode } from '../core/broker-error';

/** What the call was, so a TokenException can mean a refused login or an expired session. */
export type KiteCallKind = 'session' | 'authenticated';

interface KiteErrorShape {
  readonly error_type?: unknown;
  readonly message?: unknown;
}

/**
 * Turns whatever the kiteconnect SDK rejected with into a `BrokerError`. The SDK rejects with Kite's own
 * `{ error_type, message }` body, with `NetworkException` when no answer came, or with the raw axios error, whose
 * `config` holds the request (API key, checksum, Authorization header): only the error type and Kite's message,
 * with the call's secrets redacted, are kept.
 */
export function mapKiteError(
  error: unknown,
  kind: KiteCallKind,
  secrets: readonly (string | undefined)[],
): BrokerError {
  const shape: KiteErrorShape = typeof error === 'object' && error !== null ? error : {};
  const type = typeof shape.error_type === 'string' ? shape.error_type : 'GeneralException';
  const rawMessage = typeof shape.message === 'string' ? shape.message : '';
  const message = redactSecrets(rawMessage, secrets).slice(0, 300);
  const options = { brokerId: 'zerodha' };
  const fail = (code: BrokerErrorCode, text: string) => new BrokerError(code, text, options);

  switch (type) {
    case 'TokenException':
      if (kind === 'session') {
        return /checksum/i.test(message)
          ? fail('CHECKSUM_MISMATCH', 'Zerodha refused the login: the API secret does not match the API key.')
          : fail(
              'BROKER_REJECTED',
              `Zerodha refused the login: ${message || 'the request token is invalid or has expired.'}`,
            );
      }
      return fail('SESSION_EXPIRED', 'The Zerodha session has expired. Log in again.');
    case 'InputException':
    case 'PermissionException':
    case 'UserException':
    case 'OrderException':
    case 'MarginException':
    case 'HoldingException':
      return fail('BROKER_REJECTED', `Zerodha refused the request: ${message || type}`);
    case 'NetworkException':
      return /ECONNABORTED|ETIMEDOUT|timeout/i.test(message)
        ? fail('BROKER_TIMEOUT', 'Zerodha did not answer in time.')
        : /too many requests/i.test(message)
          ? fail('RATE_LIMITED', 'Zerodha is limiting requests; try again shortly.')
          : fail('BROKER_UNAVAILABLE', 'Zerodha could not be reached.');
    default:
      return fail('BROKER_UNAVAILABLE', 'Zerodha could not complete the request; try again later.');
  }
}
