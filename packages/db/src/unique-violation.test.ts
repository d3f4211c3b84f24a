import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './unique-violation';

describe('isUniqueViolation', () => {
  it('finds 23505 on the named constraint anywhere in the cause chain', () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_key' });
    expect(isUniqueViolation(pg, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: pg }), 'users_email_key')).toBe(true);
  });

  it('reads the constraint from the message when the driver does not set it', () => {
    const lite = Object.assign(new Error('duplicate key value violates unique constraint "trials_pk"'), {
      code: '23505',
    });
    expect(isUniqueViolation(lite, 'trials_pk')).toBe(true);
  });

  it('is false for another constraint, another error code or no error at all', () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_key' });
    expect(isUniqueViolation(pg, 'sessions_secret_hash_key')).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('x'), { code: '23503' }), 'users_email_key')).toBe(false);
    expect(isUniqueViolation(undefined, 'users_email_key')).toBe(false);
  });
});
