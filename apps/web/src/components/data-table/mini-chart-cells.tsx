// Small inline charts for table cells (pages brief G3's "sparkline and bar cells"): a price line and a row of bars,
// drawn as SVG in the current text colour so they follow light and dark themes. Each carries its values as its
// accessible name, so the figures are readable without the drawing.
import { formatIndianNumber } from '@fnodesk/domain';

const WIDTH = 72;
const HEIGHT = 22;

const describe = (label: string, values: readonly (number | null)[], digits: number) =>
  `${label}: ${values.map((value) => (value === null ? '–' : formatIndianNumber(value, digits))).join(', ')}`;

/** A line through the values, oldest first; rising overall in green, falling in red. */
export function SparklineCell({ values, label }: { values: readonly number[]; label: string }) {
  if (values.length < 2) return <span className="text-body-secondary">–</span>;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const points = values
    .map((value, i) => {
      const x = (i / (values.length - 1)) * (WIDTH - 2) + 1;
      const y = HEIGHT - 1 - ((value - low) / span) * (HEIGHT - 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const tone = values.at(-1)! >= values[0]! ? 'text-success' : 'text-danger';
  return (
    <svg width={WIDTH} height={HEIGHT} className={tone} role="img" aria-label={describe(label, values, 2)}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}

/** A bar per value, oldest first, scaled to the largest; the last (the session's) drawn solid. */
export function MiniBarsCell({
  values,
  label,
  digits = 0,
}: {
  values: readonly (number | null)[];
  label: string;
  digits?: number;
}) {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return <span className="text-body-secondary">–</span>;
  const high = Math.max(...known) || 1;
  const step = WIDTH / values.length;
  return (
    <svg width={WIDTH} height={HEIGHT} className="text-primary" role="img" aria-label={describe(label, values, digits)}>
      {values.map((value, i) => {
        const height = value === null ? 0 : Math.max(1, (value / high) * (HEIGHT - 1));
        return (
          <rect
            key={i}
            x={i * step + 1}
            y={HEIGHT - height}
            width={Math.max(1, step - 2)}
            height={height}
            fill="currentColor"
            opacity={i === values.length - 1 ? 1 : 0.45}
          />
        );
      })}
    </svg>
  );
}
