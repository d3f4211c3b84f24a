// The multi-strike pages' series (pages brief G5): one line per leg ("24850 CE") of the chosen strikes for price
// (with the legs combined, Σ closes) and OI, one per strike for PCR (PE OI ÷ CE OI) with the set's PCR (Σ PE OI ÷
// Σ CE OI over the strikes), each as the value or as its change against a baseline: the day's first candle (Day
// Open) or the previous session's close (Previous Day).
import type { Candle } from '@fnodesk/contracts';
import { putCallRatio, putCallRatioOver } from '@fnodesk/domain';

/** Which page: last price, open interest or put–call ratio. */
export type MultiStrikeKind = 'lp' | 'oi' | 'pcr';
/** What a change is measured against. */
export type MultiStrikeBaseline = 'open' | 'prev';

/** One leg with its candles and its previous session's close values. */
export interface MultiStrikeLeg {
  strike: number;
  kind: 'CE' | 'PE';
  candles: readonly Candle[];
  /** `t`: the previous session's day (its candle's start). */
  previous: { t?: number; c: number; oi: number } | null;
}

/** One series, aligned with the times. */
export interface MultiStrikeSeries {
  key: string;
  name: string;
  values: (number | null)[];
  /** The set's own series (Combined price, Set PCR), drawn heavier. */
  aggregate: boolean;
}

/** What {@link multiStrikeSeries} computes. */
export interface MultiStrikeInput {
  kind: MultiStrikeKind;
  legs: readonly MultiStrikeLeg[];
  /** Changes against the baseline instead of values. */
  change: boolean;
  baseline: MultiStrikeBaseline;
}

/** The times of every leg's candles, ascending, and the series over them. */
export function multiStrikeSeries(input: MultiStrikeInput): { times: number[]; series: MultiStrikeSeries[] } {
  const times = [...new Set(input.legs.flatMap((leg) => leg.candles.map((candle) => candle.t)))].sort((a, b) => a - b);
  const at = (leg: MultiStrikeLeg) => new Map(leg.candles.map((candle) => [candle.t, candle]));
  const field = input.kind === 'lp' ? 'c' : 'oi';
  const baselineOf = (leg: MultiStrikeLeg): number | null =>
    input.baseline === 'prev' ? (leg.previous?.[field] ?? null) : (leg.candles[0]?.[field] ?? null);

  if (input.kind !== 'pcr') {
    const series = input.legs.map((leg) => {
      const candles = at(leg);
      const base = baselineOf(leg);
      return {
        key: `${leg.strike}-${leg.kind}`,
        name: `${leg.strike} ${leg.kind}`,
        values: times.map((t) => {
          const value = candles.get(t)?.[field];
          if (value === undefined) return null;
          if (!input.change) return value;
          return base === null ? null : value - base;
        }),
        aggregate: false,
      };
    });
    if (input.kind === 'lp' && series.length > 1) {
      // Combined: Σ of the legs where every leg has a candle.
      const combined = times.map((_, i) => {
        let total = 0;
        for (const s of series) {
          const value = s.values[i];
          if (value === null || value === undefined) return null;
          total += value;
        }
        return total;
      });
      series.push({ key: 'combined', name: 'Combined', values: combined, aggregate: true });
    }
    return { times, series };
  }

  // PCR: one series per strike with both legs, and the set's.
  const strikes = [...new Set(input.legs.map((leg) => leg.strike))].sort((a, b) => a - b);
  const legOf = (strike: number, kind: 'CE' | 'PE') =>
    input.legs.find((leg) => leg.strike === strike && leg.kind === kind);
  const pairs = strikes.flatMap((strike) => {
    const ce = legOf(strike, 'CE');
    const pe = legOf(strike, 'PE');
    return ce === undefined || pe === undefined ? [] : [{ strike, ce: at(ce), pe: at(pe), ceLeg: ce, peLeg: pe }];
  });
  const ratio = (pe: number | null | undefined, ce: number | null | undefined) => {
    if (pe === null || pe === undefined || ce === null || ce === undefined) return null;
    const value = putCallRatio(pe, ce);
    return Number.isFinite(value) ? value : null;
  };
  const baseRatio = (rows: readonly { strike: number; ceOi: number | null; peOi: number | null }[]) => {
    const value = putCallRatioOver(rows, new Set(rows.map((row) => row.strike)));
    return Number.isFinite(value) ? value : null;
  };
  const baselineRows = pairs.map((pair) => ({
    strike: pair.strike,
    ceOi: baselineOf(pair.ceLeg),
    peOi: baselineOf(pair.peLeg),
  }));
  const minus = (value: number | null, base: number | null) =>
    !input.change ? value : value === null || base === null ? null : value - base;
  const series: MultiStrikeSeries[] = pairs.map((pair, p) => {
    const base = ratio(baselineRows[p]!.peOi, baselineRows[p]!.ceOi);
    return {
      key: `${pair.strike}`,
      name: `Strike ${pair.strike}`,
      values: times.map((t) => minus(ratio(pair.pe.get(t)?.oi, pair.ce.get(t)?.oi), base)),
      aggregate: false,
    };
  });
  if (pairs.length > 0) {
    const setBase = baseRatio(baselineRows);
    series.push({
      key: 'set',
      name: 'Set PCR',
      values: times.map((t) => {
        const rows = pairs.map((pair) => ({
          strike: pair.strike,
          ceOi: pair.ce.get(t)?.oi ?? null,
          peOi: pair.pe.get(t)?.oi ?? null,
        }));
        return rows.some((row) => row.ceOi === null || row.peOi === null) ? null : minus(baseRatio(rows), setBase);
      }),
      aggregate: true,
    });
  }
  return { times, series };
}
