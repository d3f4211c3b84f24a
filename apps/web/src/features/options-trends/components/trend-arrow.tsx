import type { TrendArrow } from '@fnodesk/domain';

const GLYPH: Readonly<Record<TrendArrow, string>> = { up: '↑', flat: '↔', down: '↓' };
const TONE: Readonly<Record<TrendArrow, string>> = {
  up: 'text-success',
  flat: 'text-body-secondary',
  down: 'text-danger',
};
const WORD: Readonly<Record<TrendArrow, string>> = { up: 'up', flat: 'sideways', down: 'down' };

/** A trend arrow (↑ green, ↔ grey, ↓ red) with its meaning for assistive technology; "strong" doubles it. */
export function TrendArrowCell({ arrow, strong = false }: { arrow: TrendArrow | null; strong?: boolean }) {
  if (arrow === null) return <span className="text-body-secondary">–</span>;
  const label = `${strong ? 'strong ' : ''}${WORD[arrow]}`;
  return (
    <span className={`${TONE[arrow]} fw-bold`} title={label} aria-label={label}>
      {GLYPH[arrow]}
      {strong ? GLYPH[arrow] : ''}
    </span>
  );
}
