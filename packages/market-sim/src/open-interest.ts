// Open interest of the simulated contracts. Each contract has a target OI that depends on how far through its life
// it is, where its strike sits against a smoothed underlying price, how round the strike is and how bearish or
// bullish positioning is; through a session the OI moves from the morning's value towards the target at the
// current price in step with the session's volume, so it ends the session exactly where the next one starts.
//   - Option writers sell out-of-the-money strikes: call OI piles up above the price and put OI below, most at
//     round numbers (the "call wall" at the next thousand, the "put wall" at a round level below).
//   - OI builds through an expiry's life and is heaviest in its last days; on expiry day positions are closed.
//   - When the market rallies, puts are written (PCR rises); when it falls, calls are written (PCR falls).
//   - Futures OI sits in the near month and rolls to the next month over the last week before expiry.

/** The put–call bias of positioning for a recent underlying return: above 1 after rallies, below after falls. */
export function putCallBias(recentReturn: number, recentVolatility: number, noise: number): number {
  return putCallBiasOfTrend(putCallTrend(recentReturn, recentVolatility), noise);
}

/** The part of {@link putCallBias} that every option of an underlying shares (the recent return's). */
export function putCallTrend(recentReturn: number, recentVolatility: number): number {
  return 0.25 * Math.tanh(recentReturn / Math.max(recentVolatility, 1e-4));
}

/** {@link putCallBias} from its shared trend and an option's own noise. */
export function putCallBiasOfTrend(trend: number, noise: number): number {
  const bias = Math.exp(trend + 0.1 * noise);
  return bias < 0.55 ? 0.55 : bias > 1.5 ? 1.5 : bias;
}

/** How much of an option expiry's eventual OI is built at a share of its life (1 = expiry), expiry-day unwinding included. */
export function optionLifeCurve(lifeShare: number, expiryDayShare: number): number {
  const f = lifeShare < 0 ? 0 : lifeShare > 1 ? 1 : lifeShare;
  return (0.06 + 0.94 * Math.pow(f, 1.7)) * (1 - 0.3 * expiryDayShare);
}

/** Extra OI at round strikes: thousands (for a 50-point step) gather the most, then five hundreds, then hundreds. */
export function strikeRoundness(strike: number, step: number): number {
  const n = Math.round(strike / step);
  if (n % 20 === 0) return 2;
  if (n % 10 === 0) return 1.5;
  if (n % 2 === 0) return 1.15;
  return 1;
}

const WRITING_FLOOR = 0.004;

/**
 * Where option writers hold OI across strikes: x is the strike's standardised moneyness ln(K/S)/(σ√T), positive
 * above the price. Calls peak a little out of the money above the price and thin out fast in the money; puts
 * mirror them below the price.
 */
export function writingProfile(x: number, kind: 'CE' | 'PE'): number {
  const y = kind === 'CE' ? x : -x;
  const d = y - 0.6;
  const width = d >= 0 ? 0.7 : 0.6;
  // A little OI stays at every listed strike (old positions, hedges), so no strike near the money shows none.
  return Math.max(WRITING_FLOOR, Math.exp((-d * d) / (2 * width * width)));
}

/** Target OI (contracts) of an option at a strike. */
export function optionOpenInterestTarget(
  peakContracts: number,
  strike: number,
  step: number,
  kind: 'CE' | 'PE',
  price: number,
  width: number,
  life: number,
  bias: number,
  noise: number,
): number {
  const x = Math.log(strike / price) / width;
  const side = kind === 'PE' ? Math.sqrt(bias) : 1 / Math.sqrt(bias);
  return peakContracts * life * writingProfile(x, kind) * strikeRoundness(strike, step) * side * noise;
}

/**
 * Weight of a futures month in the root's futures OI. `sessionsToExpiry` counts down to this contract's expiry
 * (fractional through a session); `sessionsToPreviousExpiry` to the expiry of the month before it (≤ 0 once that
 * has expired); `sessionsToSecondPrevious` to the one before that.
 */
export function futureMonthWeight(
  sessionsToExpiry: number,
  sessionsToPreviousExpiry: number,
  sessionsToSecondPrevious: number,
): number {
  const roll = (left: number) => (left >= 6 ? 0 : 0.8 * (1 - Math.max(left, 0) / 6));
  if (sessionsToPreviousExpiry <= 0) return 1 - roll(sessionsToExpiry);
  if (sessionsToSecondPrevious <= 0) return 0.1 + roll(sessionsToPreviousExpiry);
  return 0.02 + 0.08 * roll(sessionsToSecondPrevious) * 1.25;
}
