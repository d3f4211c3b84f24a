import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { UNEXPECTED_FAILURE_MESSAGE } from './auth-messages';
import { failureMessage } from './failure-message';

describe('failureMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError({
      status: 400,
      errorCode: 'INVALID_CREDENTIALS',
      message: 'Invalid e-mail or password',
    });

    expect(failureMessage(error, UNEXPECTED_FAILURE_MESSAGE)).toBe('Invalid e-mail or password');
  });

  it("falls back to the screen's text when the server said nothing or never answered", () => {
    const silent = new ApiError({ status: 502, errorCode: 'SERVICE_UNAVAILABLE', message: GENERIC_ERROR_MESSAGE });
    const offline = new ApiError({ status: 0, errorCode: 'NETWORK', message: NETWORK_ERROR_MESSAGE });

    expect(failureMessage(silent, UNEXPECTED_FAILURE_MESSAGE)).toBe(UNEXPECTED_FAILURE_MESSAGE);
    expect(failureMessage(offline, UNEXPECTED_FAILURE_MESSAGE)).toBe(UNEXPECTED_FAILURE_MESSAGE);
    expect(failureMessage(new TypeError('boom'), UNEXPECTED_FAILURE_MESSAGE)).toBe(UNEXPECTED_FAILURE_MESSAGE);
  });
});
