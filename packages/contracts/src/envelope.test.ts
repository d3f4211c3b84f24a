import { describe, expect, it } from 'vitest';
import { AnyEnvelopeSchema, ERROR_CODES, ERROR_STATUS } from './envelope';

describe('error codes', () => {
  it('answer 403 for SESSION_EXPIRED and for nothing else', () => {
    const forbidden = ERROR_CODES.filter((code) => ERROR_STATUS[code] === 403);
    expect(forbidden).toEqual(['SESSION_EXPIRED']);
  });

  it('never use 401', () => {
    expect(Object.values(ERROR_STATUS)).not.toContain(401);
  });

  it('give every code a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('keep the statuses the wire contract names', () => {
    expect(ERROR_STATUS.VALIDATION_FAILED).toBe(400);
    expect(ERROR_STATUS.PLAN_REQUIRED).toBe(402);
    expect(ERROR_STATUS.BROKER_NOT_LOGGED_IN).toBe(409);
    expect(ERROR_STATUS.BROKER_TOKEN_EXPIRED).toBe(409);
    expect(ERROR_STATUS.NOT_FOUND).toBe(404);
    expect(ERROR_STATUS.RATE_LIMITED).toBe(429);
    expect(ERROR_STATUS.INTERNAL).toBe(500);
  });
});

describe('envelope', () => {
  it('reads an error envelope', () => {
    const parsed = AnyEnvelopeSchema.parse({
      code: 403,
      error: 'Your session has expired. Please log in again.',
      errorCode: 'SESSION_EXPIRED',
      sessionExpired: true,
    });
    expect(parsed.errorCode).toBe('SESSION_EXPIRED');
  });

  it('reads a data envelope with its tier', () => {
    const parsed = AnyEnvelopeSchema.parse({ code: 200, data: [1, 2], meta: { tier: 'delayed', delayMs: 1_800_000 } });
    expect(parsed.meta?.tier).toBe('delayed');
  });

  it('rejects an unknown error code', () => {
    expect(AnyEnvelopeSchema.safeParse({ code: 418, errorCode: 'TEAPOT' }).success).toBe(false);
  });
});
