/** The portfolio levels of one account and mode, MTM rupees (see `PortfolioRiskSettingsSchema`). */
export interface PortfolioLevels {
  mtmStop: number | null;
  mtmTarget: number | null;
  trailFrom: number | null;
  trailLock: number | null;
  trailStep: number | null;
  /** The trail's locked-in stop once it started. */
  trailStop: number | null;
  peakMtm: number | null;
}

/** What one MTM does to the portfolio levels. */
export interface PortfolioDecision {
  trigger: 'mtmStop' | 'mtmTarget' | 'trailStop' | null;
  next: PortfolioLevels;
  /** The trail stop or the peak moved (worth saving). */
  moved: boolean;
}

/**
 * Evaluates the portfolio at one MTM (realised + unrealised): first the lock-in trail — once the MTM reaches
 * `trailFrom`, a stop at `trailLock` is locked in, raised by `trailStep` for every full step the peak MTM climbs
 * above `trailFrom`, never lowered — then the levels: the target at or above, the MTM stop (a loss) or the trail
 * stop at or below.
 */
export function evaluatePortfolio(levels: PortfolioLevels, mtm: number): PortfolioDecision {
  let { trailStop, peakMtm } = levels;
  let moved = false;
  if (peakMtm === null || mtm > peakMtm) {
    peakMtm = mtm;
    moved = true;
  }
  const { trailFrom, trailLock, trailStep } = levels;
  if (trailFrom !== null && trailLock !== null && trailStep !== null && trailStep > 0 && peakMtm >= trailFrom) {
    const steps = Math.floor((peakMtm - trailFrom) / trailStep + 1e-9);
    const locked = Math.round((trailLock + steps * trailStep) * 100) / 100;
    if (trailStop === null || locked > trailStop) {
      trailStop = locked;
      moved = true;
    }
  }
  const next = { ...levels, trailStop, peakMtm };
  let trigger: PortfolioDecision['trigger'] = null;
  if (levels.mtmTarget !== null && mtm >= levels.mtmTarget) trigger = 'mtmTarget';
  else if (levels.mtmStop !== null && mtm <= -levels.mtmStop) trigger = 'mtmStop';
  else if (trailStop !== null && mtm <= trailStop) trigger = 'trailStop';
  return { trigger, next, moved };
}
