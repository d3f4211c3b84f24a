// Implied volatility of the simulated options: India VIX (a 30-day implied volatility of NIFTY) sets the level,
// a mild term structure lifts the shortest expiries, and a put skew raises volatility below the money (Indian
// index options always price crash protection dearer than upside). ATM implied volatility sits a little under
// VIX, as it does in practice (VIX is computed from out-of-the-money strikes, skew included).

/** VIX points to ATM 30-day implied volatility of NIFTY. */
const ATM_PER_VIX = 0.0092;
const DAY = 1 / 365;

/** ATM implied volatility of an index for a time to expiry (years), given India VIX and the index's scale. */
export function indexAtmVolatility(vix: number, years: number, scale: number): number {
  return ATM_PER_VIX * vix * scale * termFactor(years);
}

/** ATM implied volatility of a stock option from the stock's daily volatility (with the usual implied premium). */
export function stockAtmVolatility(dailyVolatility: number, years: number): number {
  return dailyVolatility * Math.sqrt(252) * 1.1 * termFactor(years);
}

// Shorter expiries trade at a higher implied volatility (event risk concentrated in few days), longer ones slightly
// lower: +9 % at one day, 0 at thirty, −5 % at ninety. A rational curve, as it is evaluated for every option minute.
function termFactor(years: number): number {
  const days = Math.max(years, 0.5 * DAY) / DAY;
  return 1 + (0.1 * (30 - days)) / (30 + days);
}

// Curvature of the smile on each side: the put wing is steep from the skew alone; the call wing turns up beyond
// the money (NIFTY far calls trade at 1.04–1.09 × ATM volatility at +2σ and about 1.3 × at +3σ).
const PUT_CURVATURE = 0.022;
const CALL_CURVATURE = 0.058;
const CALL_WING_END = 3;

/**
 * Implied volatility at a strike: the ATM level bent by a smile in standardised moneyness x = ln(K/F)/(σ√T):
 * a negative slope (the put skew) and a curvature that is stronger on the call side.
 */
export function smileVolatility(atm: number, strike: number, forward: number, years: number, skew: number): number {
  const width = atm * Math.sqrt(Math.max(years, DAY));
  const x = Math.log(strike / forward) / width;
  // The call wing flattens beyond +3σ: a steeper wing would make a far call dearer than a nearer one.
  const y = x > CALL_WING_END ? CALL_WING_END : x;
  const bent = 1 + skew * y + (y > 0 ? CALL_CURVATURE : PUT_CURVATURE) * y * y;
  return atm * (bent < 0.7 ? 0.7 : bent > 2.2 ? 2.2 : bent);
}
