// Expected move from the ATM straddle (pages brief §4 idea 6):
//
//   move   M = CE LTP + PE LTP at the ATM strike (the premium a straddle buyer pays to expiry)
//   bands  centre ± M, centre = the underlying the chart draws (the future)
//   used   (day high − day low) ÷ 2M × 100, how much of the expected range the session has already covered
//
// The straddle is about 0.8 σ·F·√T (√(2/π) of the one-σ move), so the bands are a little inside ±1σ; traders read
// them as the market's own price of the move to expiry, which is why the straddle rather than a model σ is used.

/** The expected move of an underlying to expiry, and its bands around a centre. */
export interface ExpectedMove {
  /** ± move in rupees (the ATM straddle's premium). */
  move: number;
  upper: number;
  lower: number;
  /** The move as a share of the centre, per cent. */
  percent: number;
}

/** The ATM straddle's expected move around `centre`; null without both premiums or a positive centre. */
export function straddleExpectedMove(centre: number, atmCeLtp: number, atmPeLtp: number): ExpectedMove | null {
  if (!(centre > 0) || !(atmCeLtp >= 0) || !(atmPeLtp >= 0) || !Number.isFinite(atmCeLtp + atmPeLtp)) return null;
  const move = atmCeLtp + atmPeLtp;
  if (move === 0) return null;
  return { move, upper: centre + move, lower: centre - move, percent: (move / centre) * 100 };
}

/** How much of the expected range (2 × move) a day's high–low range has covered, per cent; null without a move. */
export function expectedRangeUsed(dayHigh: number, dayLow: number, move: number): number | null {
  if (!(move > 0) || !Number.isFinite(dayHigh) || !Number.isFinite(dayLow) || dayHigh < dayLow) return null;
  return ((dayHigh - dayLow) / (2 * move)) * 100;
}
