import { describe, expect, it } from 'vitest';
import { compoundReturn, monthStatistics, seasonalityYears, type SeasonalityAnswer } from './seasonality-grid';

const answer: SeasonalityAnswer = {
  token: 256265,
  name: 'NIFTY',
  months: [
    { year: 2024, month: 1, open: 100, close: 110, returnPercent: 10 },
    { year: 2024, month: 2, open: 110, close: 99, returnPercent: -10 },
    { year: 2025, month: 1, open: 99, close: 101, returnPercent: 2 },
    { year: 2023, month: 1, open: 90, close: 85.5, returnPercent: -5 },
  ],
  byMonth: [],
};

describe('seasonality', () => {
  it('a year compounds its months: +10 % then −10 % is −1 %', () => {
    expect(compoundReturn([10, -10])).toBe(-1);
    expect(compoundReturn([])).toBeNull();
  });

  it('lists years newest first with a blank for a month without data', () => {
    const years = seasonalityYears(answer);
    expect(years.map((year) => year.year)).toEqual([2025, 2024, 2023]);
    expect(years[0]?.months[1]).toBeNull();
    expect(years[1]?.yearly).toBe(-1);
    expect(years[0]?.yearly).toBe(2);
  });

  it('each month’s average, median, hit rate, best and worst come from the years that have it', () => {
    const [january, february, march] = monthStatistics(seasonalityYears(answer));
    expect(january).toMatchObject({ years: 3, average: 2.33, median: 2, hitRate: 66.67, best: 10, worst: -5 });
    expect(january?.standardDeviation).toBeCloseTo(6.13, 2);
    expect(february).toMatchObject({ years: 1, average: -10, hitRate: 0 });
    expect(march).toMatchObject({ years: 0, average: null, hitRate: null });
  });
});
