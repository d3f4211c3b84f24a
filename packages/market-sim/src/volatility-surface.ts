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

/**
 * Implied volatility at a strike: the ATM level bent by a quadratic smile in standardised moneyness
 * x = ln(K/F)/(σ√T) with a negative slope (the put skew).
 */
export function smileVolatility(atm: number, strike: number, forward: number, years: number, skew: number): number {
  const width = atm * Math.sqrt(Math.max(years, DAY));
  const x = Math.log(strike / forward) / width;
  const bent = 1 + skew * x + 0.022 * x * x;
  return atm * (bent < 0.7 ? 0.7 : bent > 2.2 ? 2.2 : bent);
}
