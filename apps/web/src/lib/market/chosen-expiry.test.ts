import { describe, expect, it } from 'vitest';
import { chosenExpiry } from './chosen-expiry';

const listed = [{ date: '2026-12-01' }, { date: '2026-12-08' }, { date: '2026-12-29' }];

describe('chosenExpiry', () => {
  it('keeps a stored expiry the list still names', () => {
    expect(chosenExpiry('2026-12-08', listed, '2026-11-28')).toBe('2026-12-08');
  });

  it('falls back to the first expiry when the stored one has left the list', () => {
    expect(chosenExpiry('2026-11-24', listed, '2026-11-28')).toBe('2026-12-01');
  });

  it('uses a stored expiry not yet past while the list loads, so the chain need not wait for it', () => {
    expect(chosenExpiry('2026-12-08', undefined, '2026-11-28')).toBe('2026-12-08');
    expect(chosenExpiry('2026-11-28', undefined, '2026-11-28')).toBe('2026-11-28');
  });

  it('waits for the list when the stored expiry is past or none is stored', () => {
    expect(chosenExpiry('2026-11-24', undefined, '2026-11-28')).toBeNull();
    expect(chosenExpiry(null, undefined, '2026-11-28')).toBeNull();
  });

  it('chooses the first expiry when none is stored, and none from an empty list', () => {
    expect(chosenExpiry(null, listed, '2026-11-28')).toBe('2026-12-01');
    expect(chosenExpiry(null, [], '2026-11-28')).toBeNull();
  });
});
