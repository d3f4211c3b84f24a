import type { DataResponse } from '@fnodesk/contracts';

/** A `seasonality` answer: calendar-month returns of an index or stock. */
export type SeasonalityAnswer = DataResponse<'seasonality'>;

/** One year of the grid: its twelve monthly returns (null where the month has no data) and the compounded year. */
export interface SeasonalityYear {
  year: number;
  /** Index 0 = January; per cent. */
  months: (number | null)[];
  /** Compounded from the months the year has, per cent; "so far" for the current year. */
  yearly: number | null;
}

/** The statistics of one month of the year over every year that has it. */
export interface MonthStatistics {
  month: number;
  years: number;
  average: number | null;
  median: number | null;
  /** Share of years the month rose, per cent. */
  hitRate: number | null;
  best: number | null;
  worst: number | null;
  /** Population standard deviation, per cent. */
  standardDeviation: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Compounds monthly returns (per cent) into one: Π(1 + r) − 1. */
export function compoundReturn(returnsPercent: readonly number[]): number | null {
  if (returnsPercent.length === 0) return null;
  return round2((returnsPercent.reduce((product, r) => product * (1 + r / 100), 1) - 1) * 100);
}

/** The grid's rows, newest year first. */
export function seasonalityYears(answer: SeasonalityAnswer): SeasonalityYear[] {
  const years = new Map<number, (number | null)[]>();
  for (const row of answer.months) {
    const months = years.get(row.year) ?? Array.from({ length: 12 }, () => null);
    months[row.month - 1] = row.returnPercent;
    years.set(row.year, months);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      months,
      yearly: compoundReturn(months.filter((value): value is number => value !== null)),
    }));
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Average, median, hit rate, best, worst and spread of each month of the year over the years shown. */
export function monthStatistics(years: readonly SeasonalityYear[]): MonthStatistics[] {
  return Array.from({ length: 12 }, (_, index) => {
    const values = years.map((year) => year.months[index]).filter((value): value is number => value != null);
    if (values.length === 0) {
      return {
        month: index + 1,
        years: 0,
        average: null,
        median: null,
        hitRate: null,
        best: null,
        worst: null,
        standardDeviation: null,
      };
    }
    const sorted = [...values].sort((a, b) => a - b);
    const average = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length;
    return {
      month: index + 1,
      years: values.length,
      average: round2(average),
      median: round2(median(sorted)),
      hitRate: round2((values.filter((value) => value > 0).length / values.length) * 100),
      best: sorted.at(-1)!,
      worst: sorted[0]!,
      standardDeviation: round2(Math.sqrt(variance)),
    };
  });
}
