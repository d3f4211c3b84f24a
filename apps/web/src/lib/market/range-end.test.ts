import { istInstant, type IsoDate } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { reachAt, rangeEndWithData, useRangeEndWithData, useServedReach } from './range-end';

const at = (date: IsoDate, time: string) => istInstant(date, time);

describe('rangeEndWithData', () => {
  it('ends at now when nothing was served yet or the data reaches the current session', () => {
    const now = at('2026-11-27', '11:00');
    expect(rangeEndWithData(now, undefined, 'NFO')).toBe(now);
    expect(rangeEndWithData(now, at('2026-11-27', '10:30'), 'NFO')).toBe(now);
    expect(rangeEndWithData(now, at('2026-11-27', '09:15'), 'NSE')).toBe(now);
  });

  it("ends at the previous session's last second while a delayed tier's data is before today's open", () => {
    const now = at('2026-11-27', '09:40');
    const end = rangeEndWithData(now, at('2026-11-27', '09:10'), 'NFO');
    expect(end).toBe(at('2026-11-26', '15:40') - 1_000);
    // A pre-open instant has no candle either.
    expect(rangeEndWithData(now, at('2026-11-27', '09:05'), 'NSE')).toBe(at('2026-11-26', '15:30') - 1_000);
  });

  it('keeps the same end for every served instant before the open, so asking again keeps the range', () => {
    const now = at('2026-11-30', '00:10');
    const ends = ['09:00', '09:05', '09:12', '09:14'].map((time) =>
      rangeEndWithData(now, at('2026-11-27', time), 'NFO'),
    );
    expect(new Set(ends).size).toBe(1);
    expect(ends[0]).toBe(at('2026-11-26', '15:40') - 1_000);
  });

  it('follows a replayed session once its data passes the open, and a caller served up to the last close', () => {
    // A replay of Friday seen on Monday night: the data is in Friday's session, which is the latest at now.
    expect(rangeEndWithData(at('2026-11-30', '00:10'), at('2026-11-27', '12:00'), 'NFO')).toBe(
      at('2026-11-30', '00:10'),
    );
    // No subscription on Monday morning: served up to Friday's close, so the range ends there.
    expect(rangeEndWithData(at('2026-11-30', '10:00'), at('2026-11-27', '15:40') - 1_000, 'NFO')).toBe(
      at('2026-11-27', '15:40') - 1_000,
    );
  });
});

describe('reachAt', () => {
  it("moves a delayed tier's reach with the clock and keeps a caller without a subscription at the last close", () => {
    const served = { asOf: at('2026-11-27', '09:10'), receivedAt: at('2026-11-27', '09:40') };
    expect(reachAt(undefined, at('2026-11-27', '09:40'))).toBeUndefined();
    expect(reachAt({ ...served, tier: 'delayed' }, at('2026-11-27', '09:46'))).toBe(at('2026-11-27', '09:16'));
    expect(reachAt({ ...served, tier: 'none' }, at('2026-11-27', '09:46'))).toBe(at('2026-11-27', '09:10'));
    // A page whose clock reading is older than the answer reads the answer's own reach.
    expect(reachAt({ ...served, tier: 'delayed' }, at('2026-11-27', '09:39'))).toBe(at('2026-11-27', '09:10'));
  });

  it('takes a page back to the previous session until the delayed data reaches the open, then to today', () => {
    const served = { asOf: at('2026-11-27', '09:10'), receivedAt: at('2026-11-27', '09:40'), tier: 'delayed' as const };
    const before = at('2026-11-27', '09:44');
    expect(rangeEndWithData(before, reachAt(served, before), 'NFO')).toBe(at('2026-11-26', '15:40') - 1_000);
    const after = at('2026-11-27', '09:46');
    expect(rangeEndWithData(after, reachAt(served, after), 'NFO')).toBe(after);
  });
});

describe('useServedReach', () => {
  it("keeps the latest answer's reach, ignoring answers that say none", () => {
    const { result } = renderHook(() => useServedReach());
    expect(result.current[0]).toBeUndefined();
    act(() => result.current[1](undefined));
    act(() => result.current[1]({ asOf: undefined, receivedAt: 5, tier: null }));
    expect(result.current[0]).toBeUndefined();
    act(() => result.current[1]({ asOf: 100, receivedAt: 200, tier: 'delayed' }));
    const first = result.current[0];
    expect(first).toEqual({ asOf: 100, receivedAt: 200, tier: 'delayed' });
    act(() => result.current[1]({ asOf: 100, receivedAt: 200, tier: 'delayed' }));
    expect(result.current[0]).toBe(first);
    act(() => result.current[1]({ asOf: 160, receivedAt: 260, tier: 'delayed' }));
    expect(result.current[0]?.asOf).toBe(160);
  });
});

describe('useRangeEndWithData', () => {
  it('ends at now until an answer shows the data is before the open, then at the previous session', () => {
    const now = at('2026-11-27', '09:40');
    const { result } = renderHook(() => useRangeEndWithData(now, 'NFO'));
    expect(result.current[0]).toBe(now);
    act(() => result.current[1]({ asOf: at('2026-11-27', '09:10'), receivedAt: now, tier: 'delayed' }));
    expect(result.current[0]).toBe(at('2026-11-26', '15:40') - 1_000);
  });
});
