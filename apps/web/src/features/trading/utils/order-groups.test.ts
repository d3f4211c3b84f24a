import { describe, expect, it } from 'vitest';
import { isModifiable, orderGroupCounts, orderGroupOf } from './order-groups';

describe('order tabs', () => {
  it('puts pending states under open and failures under rejected', () => {
    expect(orderGroupOf('TRIGGER_PENDING')).toBe('open');
    expect(orderGroupOf('FAILED')).toBe('rejected');
    expect(orderGroupOf('COMPLETE')).toBe('completed');
  });

  it('lets only working orders be modified or cancelled', () => {
    expect(isModifiable({ status: 'OPEN' })).toBe(true);
    expect(isModifiable({ status: 'COMPLETE' })).toBe(false);
  });

  it('counts each tab', () => {
    expect(orderGroupCounts([{ status: 'OPEN' }, { status: 'COMPLETE' }, { status: 'COMPLETE' }])).toEqual({
      open: 1,
      completed: 2,
      rejected: 0,
      cancelled: 0,
    });
  });
});
