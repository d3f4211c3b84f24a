// Multi-Strike IV (pages brief G5, [assumed]): each chosen strike's implied volatility through the session, solved
// per candle from the leg's close against the forward the reference (ATM) strike's call and put imply by put–call
// parity at that candle, with the time to expiry at the candle's close (ACT/365, as the chain). CE, PE or the mean
// of the two per strike; as values or as changes against the Day Open (the first candle with an IV) or the Previous
// Day (the previous session's closes at its close).
import {
  istDateOf,
  istInstant,
  parityForward,
  strikeImpliedVolatilities,
  yearFractionToExpiry,
  type StrikeImpliedVolatilities,
} from '@fnodesk/domain';
import type { MultiStrikeBaseline, MultiStrikeLeg, MultiStrikeSeries } from './multi-strike-series';

/** Which IV a strike's line shows. */
export type IvLegChoice = 'CE' | 'PE' | 'Average';

/** What {@link multiStrikeIvSeries} computes. */
export interface MultiStrikeIvInput {
  /** Both legs of every chosen strike. */
  legs: readonly MultiStrikeLeg[];
  choice: IvLegChoice;
  /** The strike whose call and put give the forward (the chain's ATM, or the set's strike nearest it). */
  referenceStrike: number;
  /** The expiry instant (epoch ms). */
  expiryMs: number;
  /** A candle's length: its close is at t + candleMs. */
  candleMs: number;
  rate: number;
  change: boolean;
  baseline: MultiStrikeBaseline;
}

const SESSION_CLOSE = '15:30';
const pick = (ivs: StrikeImpliedVolatilities, choice: IvLegChoice) =>
  choice === 'CE' ? ivs.ce : choice === 'PE' ? ivs.pe : ivs.average;
const percent = (value: number) => (Number.isFinite(value) ? value * 100 : null);

/** The times of every leg's candles, ascending, and one IV series (per cent a year) per strike. */
export function multiStrikeIvSeries(input: MultiStrikeIvInput): { times: number[]; series: MultiStrikeSeries[] } {
  const times = [...new Set(input.legs.flatMap((leg) => leg.candles.map((candle) => candle.t)))].sort((a, b) => a - b);
  const closes = (leg: MultiStrikeLeg | undefined) => new Map((leg?.candles ?? []).map((c) => [c.t, c.c]));
  const legOf = (strike: number, kind: 'CE' | 'PE') =>
    input.legs.find((leg) => leg.strike === strike && leg.kind === kind);
  const refCe = legOf(input.referenceStrike, 'CE');
  const refPe = legOf(input.referenceStrike, 'PE');
  const refCeAt = closes(refCe);
  const refPeAt = closes(refPe);
  const yearsAt = times.map((t) => yearFractionToExpiry(t + input.candleMs, input.expiryMs));
  const forwardAt = times.map((t, i) =>
    parityForward(input.referenceStrike, refCeAt.get(t) ?? NaN, refPeAt.get(t) ?? NaN, yearsAt[i]!, input.rate),
  );

  // The previous session's forward and time to expiry, at its close.
  const previousDay = refCe?.previous?.t ?? refPe?.previous?.t;
  const previousYears =
    previousDay === undefined
      ? NaN
      : yearFractionToExpiry(istInstant(istDateOf(previousDay), SESSION_CLOSE), input.expiryMs);
  const previousForward = parityForward(
    input.referenceStrike,
    refCe?.previous?.c ?? NaN,
    refPe?.previous?.c ?? NaN,
    previousYears,
    input.rate,
  );

  const strikes = [...new Set(input.legs.map((leg) => leg.strike))].sort((a, b) => a - b);
  const series = strikes.map((strike): MultiStrikeSeries => {
    const ce = legOf(strike, 'CE');
    const pe = legOf(strike, 'PE');
    const ceAt = closes(ce);
    const peAt = closes(pe);
    const values = times.map((t, i) =>
      percent(
        pick(
          strikeImpliedVolatilities({
            strike,
            ceLtp: ceAt.get(t) ?? null,
            peLtp: peAt.get(t) ?? null,
            forward: forwardAt[i]!,
            years: yearsAt[i]!,
            rate: input.rate,
          }),
          input.choice,
        ),
      ),
    );
    const suffix = input.choice === 'Average' ? 'IV' : input.choice;
    const named = { key: `${strike}-${suffix}`, name: `${strike} ${suffix}`, aggregate: false };
    if (!input.change) return { ...named, values };
    const base =
      input.baseline === 'open'
        ? (values.find((value) => value !== null) ?? null)
        : percent(
            pick(
              strikeImpliedVolatilities({
                strike,
                ceLtp: ce?.previous?.c ?? null,
                peLtp: pe?.previous?.c ?? null,
                forward: previousForward,
                years: previousYears,
                rate: input.rate,
              }),
              input.choice,
            ),
          );
    return { ...named, values: values.map((value) => (value === null || base === null ? null : value - base)) };
  });
  return { times, series };
}
