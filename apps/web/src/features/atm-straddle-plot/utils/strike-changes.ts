// The ATM straddle plot's strike changes (pages brief G6, Dynamic ATM Straddle): a mark wherever the ATM strike the
// server re-picked differs from the previous candle's, up when the new strike is higher.

/** A point of the plot as `stock_atm_straddle_plot` answers it. */
export interface AtmStraddlePoint {
  t: number;
  spot: number;
  strike: number;
  ce: number;
  pe: number;
  straddle: number;
}

/** Where the ATM strike moved: the candle, the new strike, the straddle there and the direction. */
export interface StrikeChange {
  t: number;
  strike: number;
  straddle: number;
  direction: 'up' | 'down';
}

/** Every candle whose ATM strike differs from the one before it (the first candle is not a change). */
export function strikeChanges(points: readonly AtmStraddlePoint[]): StrikeChange[] {
  const changes: StrikeChange[] = [];
  for (let i = 1; i < points.length; i++) {
    const previous = points[i - 1]!;
    const point = points[i]!;
    if (point.strike === previous.strike) continue;
    changes.push({
      t: point.t,
      strike: point.strike,
      straddle: point.straddle,
      direction: point.strike > previous.strike ? 'up' : 'down',
    });
  }
  return changes;
}

/** The priced move to expiry: the straddle as a share of the spot, per cent. */
export function straddlePercentOfSpot(point: Pick<AtmStraddlePoint, 'spot' | 'straddle'>): number | null {
  return point.spot > 0 ? (point.straddle / point.spot) * 100 : null;
}
