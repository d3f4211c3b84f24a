// New highs and new lows of the day, candle by candle (pages brief G2, New Highs/New Lows): a candle makes a new
// high when its high passes every earlier high of the session, a new low when its low falls below every earlier
// low. The session's first candle only sets the day's range: the brief leaves that rule open ("compares with the
// open"), and a first candle's high is above its own open almost always, which would count nearly every stock at
// 09:15 and drown the rest of the day.

/** The day's range so far: the highest high and the lowest low of the session's candles. */
export interface DayRange {
  readonly high: number;
  readonly low: number;
}

/** What one candle did to the day's range. */
export interface DayExtremeStep {
  newHigh: boolean;
  newLow: boolean;
  range: DayRange;
}

/** Folds a candle's high and low into the day's range (null at the session's first candle). */
export function stepDayRange(range: DayRange | null, high: number, low: number): DayExtremeStep {
  if (range === null) return { newHigh: false, newLow: false, range: { high, low } };
  const newHigh = high > range.high;
  const newLow = low < range.low;
  return {
    newHigh,
    newLow,
    range: newHigh || newLow ? { high: Math.max(range.high, high), low: Math.min(range.low, low) } : range,
  };
}

/** Per candle of one session (in time order), whether it made a new day high and a new day low. */
export function dayExtremes(candles: readonly { h: number; l: number }[]): { newHigh: boolean; newLow: boolean }[] {
  let range: DayRange | null = null;
  return candles.map((candle) => {
    const step = stepDayRange(range, candle.h, candle.l);
    range = step.range;
    return { newHigh: step.newHigh, newLow: step.newLow };
  });
}
