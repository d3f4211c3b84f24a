/** A broker's mark: short letters on the broker's colour (the site's broker marks). */
export interface BrokerMarkStyle {
  name: string;
  mark: string;
  color: string;
}

/** Paper Trading has no broker behind it: its mark is the product's own. */
const PAPER_MARK: BrokerMarkStyle = { name: 'Paper Trading', mark: 'PT', color: '#495057' };

/** The mark drawn for a tile: the named broker mark, Paper Trading's, or the tile's initials. */
export function markFor(
  tile: { label: string; markName?: string; id: string },
  marks: readonly BrokerMarkStyle[],
): BrokerMarkStyle {
  if (tile.id === 'papertrading') return PAPER_MARK;
  const found = marks.find((mark) => mark.name === tile.markName);
  if (found !== undefined) return found;
  const initials = tile.label
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 3);
  return { name: tile.label, mark: initials, color: '#6c757d' };
}
