import { describe, expect, it } from 'vitest';
import {
  longSharePercent,
  participantActivity,
  participantOiRows,
  participantView,
  type ParticipantPositions,
  type ParticipantSession,
} from './participant-oi-rows';

function positions(futLong: number, futShort: number, callLong = 0, callShort = 0): ParticipantPositions {
  return {
    futureIndexLong: futLong,
    futureIndexShort: futShort,
    futureStockLong: 7,
    futureStockShort: 3,
    optionIndexCallLong: callLong,
    optionIndexPutLong: 0,
    optionIndexCallShort: callShort,
    optionIndexPutShort: 0,
    optionStockCallLong: 0,
    optionStockPutLong: 0,
    optionStockCallShort: 0,
    optionStockPutShort: 0,
    totalLong: 0,
    totalShort: 0,
  };
}

function session(date: string, fii: ParticipantPositions): ParticipantSession {
  const other = positions(10, 10);
  return { date, rows: { Client: other, DII: other, FII: fii, Pro: other }, total: other };
}

describe('participant open interest', () => {
  it('a rising net in futures or calls is bullish, a falling one bearish; puts read the other way', () => {
    expect(participantView('Futures', 4_056)).toBe('BULLISH');
    expect(participantView('Futures', -1)).toBe('BEARISH');
    expect(participantView('CE', 5)).toBe('BULLISH');
    expect(participantView('CE', -5)).toBe('BEARISH');
    expect(participantView('PE', 5)).toBe('BEARISH');
    expect(participantView('PE', -5)).toBe('BULLISH');
    expect(participantView('PE', 0)).toBe('NA');
    expect(participantView('Futures', null)).toBe('NA');
  });

  it('names the activity after the change: bought, sold or NA', () => {
    expect(participantActivity('Futures', -3)).toBe('SOLD FUTURES');
    expect(participantActivity('CE', 3)).toBe('BOUGHT CALL (CE) OPTIONS');
    expect(participantActivity('PE', -3)).toBe('SOLD PUT (PE) OPTIONS');
    expect(participantActivity('PE', 0)).toBe('NA');
  });

  it('net is long less short and Net Chg its day-on-day change, newest session first', () => {
    const rows = participantOiRows(
      [session('2025-02-10', positions(100, 150, 20, 10)), session('2025-02-11', positions(130, 140, 20, 40))],
      'Index',
    );
    expect(rows).toHaveLength(24);
    const fiiFutToday = rows.find(
      (r) => r.date === '2025-02-11' && r.participant === 'FII' && r.instrument === 'Futures',
    );
    expect(fiiFutToday).toMatchObject({ net: -10, netChange: 40, activity: 'BOUGHT FUTURES', view: 'BULLISH' });
    const fiiCeToday = rows.find((r) => r.date === '2025-02-11' && r.participant === 'FII' && r.instrument === 'CE');
    expect(fiiCeToday).toMatchObject({ net: -20, netChange: -30, view: 'BEARISH' });
    expect(rows[0]?.date).toBe('2025-02-11');
    expect(rows[23]?.date).toBe('2025-02-10');
    expect(rows[23]?.netChange).toBeNull();
  });

  it('the stock toggle reads stock futures and options', () => {
    const [first] = participantOiRows([session('2025-02-10', positions(1, 1))], 'Stock');
    expect(first).toMatchObject({ participant: 'Client', instrument: 'Futures', long: 7, short: 3, net: 4 });
  });

  it('long share is long ÷ (long + short) in per cent', () => {
    expect(longSharePercent([session('2025-02-10', positions(30, 70))], 'FII', 'Futures', 'Index')).toEqual([
      { date: '2025-02-10', percent: 30 },
    ]);
  });
});
