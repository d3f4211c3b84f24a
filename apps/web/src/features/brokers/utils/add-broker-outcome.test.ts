import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { addBrokerFailure } from './add-broker-outcome';

const apiError = (
  status: number,
  message: string,
  errorCode: 'CONFLICT' | 'INTERNAL' | 'NETWORK' | 'VALIDATION_FAILED',
) => new ApiError({ status, message, errorCode });

describe('broker add failures (accounts §8)', () => {
  it("goes to the Broker List for 'broker name already used'", () => {
    expect(addBrokerFailure(apiError(409, 'broker name already used', 'CONFLICT'))).toEqual({
      kind: 'broker-accounts',
    });
  });

  it('says to contact support for a 500 and for a network failure', () => {
    const support = { kind: 'message', text: 'Something went wrong. Please contact support!' };
    expect(addBrokerFailure(apiError(500, 'Internal error', 'INTERNAL'))).toEqual(support);
    expect(addBrokerFailure(apiError(0, 'offline', 'NETWORK'))).toEqual(support);
  });

  it("shows any other error's text", () => {
    expect(addBrokerFailure(apiError(400, 'This broker is not supported.', 'VALIDATION_FAILED'))).toEqual({
      kind: 'message',
      text: 'This broker is not supported.',
    });
  });
});
