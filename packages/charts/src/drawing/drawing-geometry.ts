// Geometry shared by the drawing tools: distances for hit testing, and the mapping between instants and the
// chart's logical (bar index) axis. lightweight-charts only places times that are bars of the series; an anchor
// between bars (after a resolution change) or past the last bar (a trend line projected forward) is placed by
// interpolating between, or extrapolating from, the neighbouring bars.

/** A point in CSS pixels on the chart pane. */
export interface PanePoint {
  x: number;
  y: number;
}

/** Distance in pixels within which a click or hover counts as on a line. */
export const HIT_TOLERANCE_PX = 5;

/** Shortest distance from `p` to the segment `a`–`b` (to `a` itself when the segment has no length). */
export function distanceToSegment(p: PanePoint, a: PanePoint, b: PanePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const along =
    lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + along * dx), p.y - (a.y + along * dy));
}

/**
 * The logical position (fractional bar index) of `time` among ascending bar `times`: exact on a bar, interpolated
 * between two bars, extrapolated at the first/last bar's spacing outside them. Null without bars.
 */
export function timeToLogical(times: ArrayLike<number>, time: number): number | null {
  const n = times.length;
  if (n === 0 || !Number.isFinite(time)) return null;
  const first = times[0]!;
  const last = times[n - 1]!;
  if (n === 1) return time === first ? 0 : null;
  if (time <= first) return (time - first) / (times[1]! - first);
  if (time >= last) return n - 1 + (time - last) / (last - times[n - 2]!);
  // The last bar at or before `time`.
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! <= time) lo = mid;
    else hi = mid;
  }
  return lo + (time - times[lo]!) / (times[hi]! - times[lo]!);
}

/** The time at a logical position among ascending bar `times` (the inverse of {@link timeToLogical}). */
export function logicalToTime(times: ArrayLike<number>, logical: number): number | null {
  const n = times.length;
  if (n === 0 || !Number.isFinite(logical)) return null;
  const first = times[0]!;
  if (n === 1) return logical === 0 ? first : null;
  if (logical <= 0) return first + logical * (times[1]! - first);
  if (logical >= n - 1) {
    const last = times[n - 1]!;
    return last + (logical - (n - 1)) * (last - times[n - 2]!);
  }
  const lo = Math.floor(logical);
  return times[lo]! + (logical - lo) * (times[lo + 1]! - times[lo]!);
}
