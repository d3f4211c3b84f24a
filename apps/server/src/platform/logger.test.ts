import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', sink), text: () => lines.join('') };
}

describe('logger', () => {
  it('redacts secret-bearing keys at any of the first three levels', () => {
    const { logger, text } = capture();
    logger.info(
      {
        password: 'p-1-canary',
        user: { loginSecret: 's-2-canary', profile: { access_token: 't-3-canary' } },
        order: { qty: 50 },
      },
      'event',
    );
    expect(text()).not.toMatch(/canary/);
    expect(text()).toContain('"qty":50');
    expect(text()).toContain('[Redacted]');
  });

  it('redacts secret-bearing keys deeper down, in arrays and on errors', () => {
    const { logger, text } = capture();
    const error = Object.assign(new Error('broker refused'), { config: { headers: { authorization: 'a-5-canary' } } });
    logger.warn(
      { batch: [{ account: { broker: { session: { apiSecret: 'b-4-canary' } } } }], err: error },
      'deep event',
    );
    expect(text()).not.toMatch(/canary/);
    expect(text()).toContain('broker refused');
    expect(text()).toContain('[Redacted]');
  });

  it('matches secret names whatever their case and leaves other values as they are', () => {
    const { logger, text } = capture();
    logger.info({ Authorization: 'c-6-canary', PassWord: 'd-7-canary', note: 'tokens are fine', n: 3 }, 'mixed');
    expect(text()).not.toMatch(/canary/);
    expect(text()).toContain('"note":"tokens are fine"');
    expect(text()).toContain('"n":3');
  });

  it('masks secret query parameters in URLs', () => {
    expect(redactUrl('/broker/callback/zerodha?request_token=abc123&state=s1&status=success')).toBe(
      '/broker/callback/zerodha?request_token=[Redacted]&state=[Redacted]&status=success',
    );
    expect(redactUrl('/x?a=1&secret=zzz#frag')).toBe('/x?a=1&secret=[Redacted]#frag');
    expect(redactUrl('/api/v1/package-list')).toBe('/api/v1/package-list');
    expect(redactUrl('/broker/callback/shoonya?pwd=hunter2&totp=123456&auth_code=ac1')).toBe(
      '/broker/callback/shoonya?pwd=[Redacted]&totp=[Redacted]&auth_code=[Redacted]',
    );
  });
});
