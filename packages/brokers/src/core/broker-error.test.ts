import { describe, expect, it } from 'vitest';
import { BrokerError, isBrokerError, redactSecrets } from './broker-error';

describe('broker errors', () => {
  it('carry a stable code and the HTTP status the server answers with', () => {
    const error = new BrokerError('BROKER_TIMEOUT', 'Zerodha did not answer within 7000 ms.', { brokerId: 'zerodha' });
    expect(error.code).toBe('BROKER_TIMEOUT');
    expect(error.httpStatus).toBe(504);
    expect(error.retryable).toBe(true);
    expect(error.brokerId).toBe('zerodha');
    expect(isBrokerError(error, 'BROKER_TIMEOUT')).toBe(true);
    expect(isBrokerError(error, 'BROKER_REJECTED')).toBe(false);
    expect(isBrokerError(new Error('x'))).toBe(false);
    expect(new BrokerError('TOTP_REQUIRED', 'You need to enter TOTP!').httpStatus).toBe(400);
  });

  it('redacts every occurrence of each secret from a broker message', () => {
    expect(redactSecrets('bad secret s3cr3t-value; again s3cr3t-value', ['s3cr3t-value', undefined, null])).toBe(
      'bad secret ••••; again ••••',
    );
  });

  it('leaves very short values alone so ordinary words survive', () => {
    expect(redactSecrets('an api key', ['an'])).toBe('an api key');
  });
});
