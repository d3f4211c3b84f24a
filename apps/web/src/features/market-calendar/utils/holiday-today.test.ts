import type { Holiday, SpecialSession } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { holidayOn } from './holiday-today';

const DIWALI: Holiday = {
  date: '2026-11-08',
  formattedDate: '08-Nov-2026',
  description: 'Diwali Laxmi Pujan',
  weekday: 'Sunday',
};
const HOLI: Holiday = { date: '2026-03-03', formattedDate: '03-Mar-2026', description: 'Holi', weekday: 'Tuesday' };
const MUHURAT: SpecialSession = {
  date: '2026-11-08',
  formattedDate: '08-Nov-2026',
  kind: 'muhurat',
  description: 'Muhurat trading',
  exchanges: ['NSE', 'NFO'],
  open: null,
  close: null,
};

describe('holidayOn', () => {
  it('finds the F&O holiday of the day', () => {
    expect(holidayOn('03-Mar-2026', [HOLI, DIWALI], [])).toBe(HOLI);
    expect(holidayOn('04-Mar-2026', [HOLI, DIWALI], [])).toBeNull();
  });

  it('announces no holiday on a day with a special session (Muhurat trading)', () => {
    expect(holidayOn('08-Nov-2026', [HOLI, DIWALI], [MUHURAT])).toBeNull();
  });
});
