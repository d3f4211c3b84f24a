import { describe, expect, it } from 'vitest';
import { mapKiteError } from './kite-error-mapper';

const SECRET = 'canary-secret-4242';
const TOKEN = 'canary-access-token-99';

describe('Kite error mapping', () => {
  it('turns a refused session into BROKER_REJECTED and a bad checksum into CHECKSUM_MISMATCH', () => {
    expect(
      mapKiteError({ error_type: 'TokenException', message: 'Token is invalid or has expired.' }, 'session', []),
    ).toMatchObject({
      code: 'BROKER_REJECTED',
      message: 'Zerodha refused the login: Token is invalid or has expired.',
    });
    expect(mapKiteError({ error_type: 'TokenException', message: 'Invalid `checksum`.' }, 'session', [])).toMatchObject(
      {
        code: 'CHECKSUM_MISMATCH',
      },
    );
  });

  it('turns a TokenException on an authenticated call into SESSION_EXPIRED', () => {
    expect(
      mapKiteError(
        { error_type: 'TokenException', message: 'Incorrect `api_key` or `access_token`.' },
        'authenticated',
        [],
      ),
    ).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: 'The Zerodha session has expired. Log in again.',
    });
  });

  it('tells timeouts, rate limits and outages apart', () => {
    const network = (message: string) =>
      mapKiteError({ error_type: 'NetworkException', message }, 'authenticated', []).code;
    expect(network('No response from server with error code: ECONNABORTED')).toBe('BROKER_TIMEOUT');
    expect(network('Too Many Requests')).toBe('RATE_LIMITED');
    expect(network('No response from server with error code: ECONNREFUSED')).toBe('BROKER_UNAVAILABLE');
    expect(mapKiteError({ error_type: 'GeneralException', message: 'x' }, 'session', []).code).toBe(
      'BROKER_UNAVAILABLE',
    );
    expect(mapKiteError('weird', 'session', []).code).toBe('BROKER_UNAVAILABLE');
  });

  it('keeps nothing of a raw axios error: not its request, headers or body', () => {
    const axiosLike = Object.assign(new Error('Request failed'), {
      config: { headers: { Authorization: `token key:${TOKEN}` }, data: `checksum=abc&secret=${SECRET}` },
    });
    const mapped = mapKiteError(axiosLike, 'authenticated', [SECRET, TOKEN]);
    expect(mapped.code).toBe('BROKER_UNAVAILABLE');
    expect(JSON.stringify(mapped) + mapped.message).not.toMatch(/canary/);
  });

  it('redacts secrets Kite echoes back in its message', () => {
    const mapped = mapKiteError({ error_type: 'InputException', message: `Invalid api_secret ${SECRET}` }, 'session', [
      SECRET,
    ]);
    expect(mapped.code).toBe('BROKER_REJECTED');
    expect(mapped.message).toBe('Zerodha refused the request: Invalid api_secret ••••');
  });
});
