// The intraday options trend of a strike set (pages brief G5: Options Dashboard, Dynamic Options Analysis), per
// candle, over the chosen strikes:
//
//   ΣCE, ΣPE            Σ of the legs' closes                ΔCE, ΔPE      Σ(t) − Σ(baseline)
//   ΣPCR                Σ PE OI ÷ Σ CE OI                    ΔCall, ΔPut   Σ OI(t) − Σ OI(baseline)
//   D.PCR               ΔPut ÷ ΔCall (649,440 ÷ 280,920 = 2.31 in the vendor's shot)
//   Diff in OI Δ        ΔPut − ΔCall (the OI trend)          Dir of OI Δ   Diff(t) − Diff(t−1)
//
// The baseline is the day's first candle (Day Open) unless a previous session's closing values are given.
// Arrows: PCR Analysis ↑ above 1.0, ↔ 0.8–1.0, ↓ below 0.8; Price vs OI follows the spot over the interval and is
// "strong" when Diff in OI Δ agrees (puts added faster than calls on a rise, calls faster on a fall); Premium is
// the sign of the interval's change in ΣCE − ΣPE (calls gaining on puts ↑).

/** One leg's close and OI at a candle. */
export interface LegPoint {
  t: number;
  c: number;
  oi: number;
}

/** The set's sums at one candle. */
export interface SetTotals {
  ltp: number;
  oi: number;
}

/**
 * Σ close and Σ OI of the legs per candle time, only at times where every leg has a candle (a missing leg would
 * make the sum jump).
 */
export function sumLegsByTime(legs: readonly (readonly LegPoint[])[]): Map<number, SetTotals> {
  const totals = new Map<number, SetTotals & { legs: number }>();
  for (const leg of legs) {
    for (const point of leg) {
      const entry = totals.get(point.t) ?? { ltp: 0, oi: 0, legs: 0 };
      entry.ltp += point.c;
      entry.oi += point.oi;
      entry.legs += 1;
      totals.set(point.t, entry);
    }
  }
  const complete = new Map<number, SetTotals>();
  for (const [t, entry] of [...totals].sort((a, b) => a[0] - b[0])) {
    if (entry.legs === legs.length) complete.set(t, { ltp: entry.ltp, oi: entry.oi });
  }
  return complete;
}

/** A direction arrow. */
export type TrendArrow = 'up' | 'flat' | 'down';

/** One candle of the trend, with its arrows. */
export interface OptionsTrendRow {
  t: number;
  spot: number | null;
  /** Spot change over the interval, per cent. */
  spotChangePercent: number | null;
  ceLtp: number;
  peLtp: number;
  ceChange: number;
  peChange: number;
  /** ΔCE + ΔPE. */
  premiumChange: number;
  pcr: number | null;
  callOiChange: number;
  putOiChange: number;
  /** ΔPut ÷ ΔCall; null without a call OI change. */
  dPcr: number | null;
  /** ΔPut − ΔCall. */
  oiDiff: number;
  /** Diff(t) − Diff(t−1); null at the first candle. */
  oiDiffDirection: number | null;
  pcrArrow: TrendArrow | null;
  priceArrow: { arrow: TrendArrow; strong: boolean } | null;
  premiumArrow: TrendArrow | null;
}

/** What {@link optionsTrendRows} reads. */
export interface OptionsTrendInput {
  ce: ReadonlyMap<number, SetTotals>;
  pe: ReadonlyMap<number, SetTotals>;
  /** The underlying's close per candle time. */
  spot: ReadonlyMap<number, number>;
  /** The previous session's closing sums, for a Previous Day baseline; the first candle otherwise. */
  baseline?: { ce: SetTotals; pe: SetTotals } | null;
}

/** The PCR Analysis arrow: ↑ above 1.0, ↔ from 0.8 to 1.0, ↓ below 0.8. */
export function pcrArrow(pcr: number | null): TrendArrow | null {
  if (pcr === null || !Number.isFinite(pcr)) return null;
  return pcr > 1 ? 'up' : pcr >= 0.8 ? 'flat' : 'down';
}

const sign = (value: number): TrendArrow => (value > 0 ? 'up' : value < 0 ? 'down' : 'flat');

/** The trend rows, oldest first, at the times where both sides have every leg. */
export function optionsTrendRows(input: OptionsTrendInput): OptionsTrendRow[] {
  const times = [...input.ce.keys()].filter((t) => input.pe.has(t)).sort((a, b) => a - b);
  const first = times[0];
  if (first === undefined) return [];
  const base = input.baseline ?? { ce: input.ce.get(first)!, pe: input.pe.get(first)! };
  const rows: OptionsTrendRow[] = [];
  for (const t of times) {
    const ce = input.ce.get(t)!;
    const pe = input.pe.get(t)!;
    const spot = input.spot.get(t) ?? null;
    const previous = rows.at(-1);
    const callOiChange = ce.oi - base.ce.oi;
    const putOiChange = pe.oi - base.pe.oi;
    const oiDiff = putOiChange - callOiChange;
    const spotMove = previous === undefined || previous.spot === null || spot === null ? null : spot - previous.spot;
    const priceArrow =
      spotMove === null
        ? null
        : { arrow: sign(spotMove), strong: (spotMove > 0 && oiDiff > 0) || (spotMove < 0 && oiDiff < 0) };
    rows.push({
      t,
      spot,
      spotChangePercent:
        spotMove === null || previous?.spot === null || previous?.spot === undefined || previous.spot === 0
          ? null
          : (spotMove / previous.spot) * 100,
      ceLtp: ce.ltp,
      peLtp: pe.ltp,
      ceChange: ce.ltp - base.ce.ltp,
      peChange: pe.ltp - base.pe.ltp,
      premiumChange: ce.ltp - base.ce.ltp + (pe.ltp - base.pe.ltp),
      pcr: ce.oi > 0 ? pe.oi / ce.oi : null,
      callOiChange,
      putOiChange,
      dPcr: callOiChange !== 0 ? putOiChange / callOiChange : null,
      oiDiff,
      oiDiffDirection: previous === undefined ? null : oiDiff - previous.oiDiff,
      pcrArrow: pcrArrow(ce.oi > 0 ? pe.oi / ce.oi : null),
      priceArrow,
      premiumArrow: previous === undefined ? null : sign(ce.ltp - pe.ltp - (previous.ceLtp - previous.peLtp)),
    });
  }
  return rows;
}
