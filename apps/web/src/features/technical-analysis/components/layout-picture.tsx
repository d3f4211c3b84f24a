import { GRID, type SplitLayout } from '../utils/split-layouts';

/** A small picture of a split layout: its panes as boxes, pane 1 filled. */
export function LayoutPicture({ layout, size = 28 }: { layout: SplitLayout; size?: number }) {
  const scale = size / GRID;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" className="ta-layout-picture">
      {layout.panes.map((pane, i) => (
        <rect
          key={i}
          x={pane.x * scale + 1}
          y={pane.y * scale + 1}
          width={pane.w * scale - 2}
          height={pane.h * scale - 2}
          rx={1.5}
          fill={i === 0 ? 'currentColor' : 'none'}
          fillOpacity={i === 0 ? 0.35 : 0}
          stroke="currentColor"
          strokeWidth={1.2}
        />
      ))}
    </svg>
  );
}
