import { createFakeClock, istDateOf, istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { createMarketClock, marketTimeClock } from './market-clock';

// Fri 20-Nov-2026 is a trading day (F&O until 15:40); Sat 21-Nov is not; Tue 24-Nov-2026 is Guru Nanak Jayanti.
const FRIDAY_OPEN = istInstant('2026-11-20', '09:15');
const FRIDAY_CLOSE = istInstant('2026-11-20', '15:40');
/** The cash session's close, where replays wrap: after it only F&O trades, with the indices standing still. */
const FRIDAY_CASH_CLOSE = istInstant('2026-11-20', '15:30');

describe('live market clock', () => {
  const clock = createMarketClock('live');

  it('passes wall time through during market hours', () => {
    const at = istInstant('2026-11-20', '11:30');
    expect(clock.at(at)).toEqual({ at, replay: false });
    expect(clock.at(FRIDAY_OPEN)).toEqual({ at: FRIDAY_OPEN, replay: false });
  });

  it('is silent before the open, after the F&O close, at weekends and on holidays', () => {
    expect(clock.at(FRIDAY_OPEN - 1_000)).toBeNull();
    expect(clock.at(FRIDAY_CLOSE)).toBeNull();
    expect(clock.at(istInstant('2026-11-21', '11:00'))).toBeNull();
    expect(clock.at(istInstant('2026-11-24', '11:00'))).toBeNull();
  });
});

describe('replay market clock', () => {
  const clock = createMarketClock('replay');

  it('never plays the F&O-only minutes after the cash close, where the indices stand still', () => {
    // Sun 22-Nov 06:07 IST once landed at Friday 15:37: NIFTY's value did not move for ten minutes.
    for (let now = istInstant('2026-11-22', '05:00'); now < istInstant('2026-11-22', '12:00'); now += 60_000) {
      const at = clock.at(now)!.at;
      expect(at).toBeGreaterThanOrEqual(FRIDAY_OPEN);
      expect(at).toBeLessThan(FRIDAY_CASH_CLOSE);
    }
  });

  it('plays the last closed session from its open, starting the moment it closes', () => {
    expect(clock.at(FRIDAY_CASH_CLOSE)).toEqual({ at: FRIDAY_OPEN, replay: true });
    expect(clock.at(FRIDAY_CASH_CLOSE + 90_000)).toEqual({ at: FRIDAY_OPEN + 90_000, replay: true });
  });

  it('moves at real speed and stays inside the session, wrapping around at its end', () => {
    const length = FRIDAY_CASH_CLOSE - FRIDAY_OPEN;
    for (const offset of [0, 1_000, 3_600_000, length - 1_000, length, length + 5_000]) {
      const now = FRIDAY_CASH_CLOSE + offset;
      const at = clock.at(now)?.at ?? 0;
      expect(at).toBeGreaterThanOrEqual(FRIDAY_OPEN);
      expect(at).toBeLessThan(FRIDAY_CASH_CLOSE);
      expect(at - FRIDAY_OPEN).toBe(offset % length);
    }
  });

  it('replays the previous trading day during a weekend, a holiday and even market hours', () => {
    const saturday = clock.at(istInstant('2026-11-21', '11:00'));
    expect(saturday?.replay).toBe(true);
    expect(saturday!.at).toBeGreaterThanOrEqual(FRIDAY_OPEN);
    expect(saturday!.at).toBeLessThan(FRIDAY_CASH_CLOSE);
    // Tuesday's holiday replays Monday 23-Nov.
    const holiday = clock.at(istInstant('2026-11-24', '11:00'))!;
    expect(holiday.at).toBeGreaterThanOrEqual(istInstant('2026-11-23', '09:15'));
    expect(holiday.at).toBeLessThan(istInstant('2026-11-23', '15:40'));
    const open = clock.at(istInstant('2026-11-20', '11:00'))!;
    expect(open.replay).toBe(true);
    expect(open.at).toBeLessThan(istInstant('2026-11-19', '15:40'));
  });
});

describe('a replay pinned to a time of the session (MARKET_REPLAY_FROM)', () => {
  // The process started on Monday 30-Nov at 00:10 IST, when the wall clock alone would play Friday at 09:40.
  const startedAt = istInstant('2026-11-30', '00:10');
  const start = { msOfDay: (11 * 60 + 30) * 60_000, startedAt };

  it('stands at that time of the replayed session when the process starts, and plays on at real speed', () => {
    const clock = createMarketClock('replay', undefined, start);
    expect(clock.at(startedAt)).toEqual({ at: istInstant('2026-11-27', '11:30'), replay: true });
    expect(clock.at(startedAt + 125_000)).toEqual({ at: istInstant('2026-11-27', '11:30') + 125_000, replay: true });
    // Four hours on, the cash session (09:15–15:30) has ended and the replay starts again from its open.
    expect(clock.at(startedAt + 4 * 3_600_000)).toEqual({ at: istInstant('2026-11-27', '09:15'), replay: true });
    expect(clock.at(startedAt + 4.5 * 3_600_000)?.at).toBe(istInstant('2026-11-27', '09:45'));
  });

  it('pins the replay an always-open clock plays outside market hours, and leaves market hours live', () => {
    const clock = createMarketClock('always', undefined, start);
    expect(clock.at(startedAt)?.at).toBe(istInstant('2026-11-27', '11:30'));
    const live = istInstant('2026-11-30', '10:00');
    expect(clock.at(live)).toEqual({ at: live, replay: false });
  });

  it('takes a time before the open as the open', () => {
    const clock = createMarketClock('replay', undefined, { msOfDay: 8 * 3_600_000, startedAt });
    expect(clock.at(startedAt)?.at).toBe(istInstant('2026-11-27', '09:15'));
  });
});

describe('always-open market clock', () => {
  const clock = createMarketClock('always');

  it('is live during market hours and replays outside them, so every second has a market', () => {
    const at = istInstant('2026-11-20', '11:30');
    expect(clock.at(at)).toEqual({ at, replay: false });
    for (let now = istInstant('2026-11-21', '00:00'); now < istInstant('2026-11-22', '00:00'); now += 3_600_000) {
      const instant = clock.at(now);
      expect(instant?.replay).toBe(true);
      expect(instant!.at).toBeGreaterThanOrEqual(FRIDAY_OPEN);
      expect(instant!.at).toBeLessThan(FRIDAY_CASH_CLOSE);
    }
  });
});

describe('market time clock (trading on the simulated market)', () => {
  const wallAt = (instant: number) => ({ ...createFakeClock(instant) });

  it('reads the replayed session under an always-open clock at a weekend, so orders are not refused as closed', () => {
    const saturday = istInstant('2026-11-28', '11:00');
    const clock = marketTimeClock(wallAt(saturday), createMarketClock('always'));
    const played = createMarketClock('always').at(saturday);
    expect(played?.replay).toBe(true);
    expect(clock.now()).toBe(played?.at);
    expect(istDateOf(clock.now())).not.toBe('2026-11-28');
  });

  it('is the wall clock in market hours, and outside them when nothing is played', () => {
    const open = istInstant('2026-11-27', '11:00');
    expect(marketTimeClock(wallAt(open), createMarketClock('live')).now()).toBe(open);
    const saturday = istInstant('2026-11-28', '11:00');
    expect(marketTimeClock(wallAt(saturday), createMarketClock('live')).now()).toBe(saturday);
  });
});
