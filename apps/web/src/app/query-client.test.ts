import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries transport failures and server errors', () => {
    expect(shouldRetryQuery(0, new ApiError({ status: 0, errorCode: 'NETWORK', message: 'offline' }))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError({ status: 503, errorCode: 'SERVICE_UNAVAILABLE', message: 'busy' }))).toBe(
      true,
    );
  });

  it("does not retry the server's own refusals", () => {
    expect(shouldRetryQuery(0, new ApiError({ status: 403, errorCode: 'SESSION_EXPIRED', message: 'expired' }))).toBe(
      false,
    );
    expect(shouldRetryQuery(0, new ApiError({ status: 400, errorCode: 'VALIDATION_FAILED', message: 'bad' }))).toBe(
      false,
    );
  });

  it('gives up after two retries', () => {
    expect(shouldRetryQuery(2, new Error('flaky'))).toBe(false);
  });
});
