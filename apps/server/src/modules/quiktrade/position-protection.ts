/** Target, stop and trailing stop of one position, in prices (the trail step in points). */
export interface ProtectionLevels {
  target: number | null;
  stopLoss: number | null;
  /** Step S: for every S of favourable move from the anchor the stop moves S the same way; it never loosens. */
  trailingStop: number | null;
  /** The price the trail last moved from (best price seen since it was set). */
  trailAnchor: number | null;
}

/** What one price does to a position's protection. */
export interface ProtectionDecision {
  /** The level crossed, if any: the position must be exited now. */
  trigger: 'target' | 'stopLoss' | null;
  /** The levels after the trail moved (unchanged when it did not). */
  next: ProtectionLevels;
  /** True when the stop or the anchor moved. */
  moved: boolean;
}

/** Whether `ltp` is at or beyond `level` (the favourable side for a target, the adverse one for a stop). */
function beyond(ltp: number, sign: number, level: number | null, favourable: boolean): boolean {
  return level !== null && (favourable ? (ltp - level) * sign >= 0 : (level - ltp) * sign >= 0);
}

/**
 * Evaluates a position's protection at the last price: trails the stop first (long stops only rise, short stops
 * only fall), then checks the target and the stop. A long exits at or above its target and at or below its stop; a
 * short the other way round. Null levels are not watched.
 */
export function evaluateProtection(levels: ProtectionLevels, side: 'long' | 'short', ltp: number): ProtectionDecision {
  const sign = side === 'long' ? 1 : -1;
  let { stopLoss, trailAnchor } = levels;
  let moved = false;
  if (levels.trailingStop !== null && levels.trailingStop > 0 && stopLoss !== null) {
    const anchor = trailAnchor ?? ltp;
    const gain = (ltp - anchor) * sign;
    const steps = Math.floor(gain / levels.trailingStop + 1e-9);
    if (steps > 0) {
      const shift = steps * levels.trailingStop * sign;
      stopLoss = Math.round((stopLoss + shift) * 100) / 100;
      trailAnchor = Math.round((anchor + shift) * 100) / 100;
      moved = true;
    } else if (trailAnchor === null) {
      trailAnchor = anchor;
      moved = true;
    }
  }
  const next = { target: levels.target, stopLoss, trailingStop: levels.trailingStop, trailAnchor };
  const trigger = beyond(ltp, sign, levels.target, true)
    ? 'target'
    : beyond(ltp, sign, stopLoss, false)
      ? 'stopLoss'
      : null;
  return { trigger, next, moved };
}
