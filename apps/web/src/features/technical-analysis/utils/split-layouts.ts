// The split-screen layouts of the Advance Chart (spec signed-in §2.10: 1, 2, 3, 4 or 6 charts, variants A–F, and
// A–E for 6). The spec names counts and letters only; this table is what each arrangement is [assumed]. Panes are
// rectangles on a 60 × 60 grid (60 divides into halves, thirds, quarters, fifths and sixths), listed in pane order:
// pane 1 is always the first, and the largest where one is larger. A single chart has one arrangement.

/** A pane's rectangle on the 60 × 60 layout grid. */
export interface PaneRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A split layout: its name (count and letter), what it looks like in words, and its panes. */
export interface SplitLayout {
  id: string;
  count: number;
  description: string;
  panes: readonly PaneRect[];
}

/** Side of the layout grid. */
export const GRID = 60;

const r = (x: number, y: number, w: number, h: number): PaneRect => ({ x, y, w, h });

/** Every layout, in the selector's order. */
export const SPLIT_LAYOUTS: readonly SplitLayout[] = [
  { id: '1A', count: 1, description: 'one chart', panes: [r(0, 0, 60, 60)] },

  { id: '2A', count: 2, description: 'two side by side', panes: [r(0, 0, 30, 60), r(30, 0, 30, 60)] },
  { id: '2B', count: 2, description: 'two stacked', panes: [r(0, 0, 60, 30), r(0, 30, 60, 30)] },
  { id: '2C', count: 2, description: 'wide left, narrow right', panes: [r(0, 0, 40, 60), r(40, 0, 20, 60)] },
  { id: '2D', count: 2, description: 'tall top, short bottom', panes: [r(0, 0, 60, 40), r(0, 40, 60, 20)] },
  { id: '2E', count: 2, description: 'narrow left, wide right', panes: [r(20, 0, 40, 60), r(0, 0, 20, 60)] },
  { id: '2F', count: 2, description: 'short top, tall bottom', panes: [r(0, 20, 60, 40), r(0, 0, 60, 20)] },

  { id: '3A', count: 3, description: 'three columns', panes: [r(0, 0, 20, 60), r(20, 0, 20, 60), r(40, 0, 20, 60)] },
  { id: '3B', count: 3, description: 'three rows', panes: [r(0, 0, 60, 20), r(0, 20, 60, 20), r(0, 40, 60, 20)] },
  {
    id: '3C',
    count: 3,
    description: 'one large left, two stacked right',
    panes: [r(0, 0, 30, 60), r(30, 0, 30, 30), r(30, 30, 30, 30)],
  },
  {
    id: '3D',
    count: 3,
    description: 'one large right, two stacked left',
    panes: [r(30, 0, 30, 60), r(0, 0, 30, 30), r(0, 30, 30, 30)],
  },
  {
    id: '3E',
    count: 3,
    description: 'one large top, two side by side below',
    panes: [r(0, 0, 60, 30), r(0, 30, 30, 30), r(30, 30, 30, 30)],
  },
  {
    id: '3F',
    count: 3,
    description: 'two side by side on top, one large below',
    panes: [r(0, 30, 60, 30), r(0, 0, 30, 30), r(30, 0, 30, 30)],
  },

  {
    id: '4A',
    count: 4,
    description: 'two by two',
    panes: [r(0, 0, 30, 30), r(30, 0, 30, 30), r(0, 30, 30, 30), r(30, 30, 30, 30)],
  },
  {
    id: '4B',
    count: 4,
    description: 'four columns',
    panes: [r(0, 0, 15, 60), r(15, 0, 15, 60), r(30, 0, 15, 60), r(45, 0, 15, 60)],
  },
  {
    id: '4C',
    count: 4,
    description: 'four rows',
    panes: [r(0, 0, 60, 15), r(0, 15, 60, 15), r(0, 30, 60, 15), r(0, 45, 60, 15)],
  },
  {
    id: '4D',
    count: 4,
    description: 'one large left, three stacked right',
    panes: [r(0, 0, 40, 60), r(40, 0, 20, 20), r(40, 20, 20, 20), r(40, 40, 20, 20)],
  },
  {
    id: '4E',
    count: 4,
    description: 'one large top, three side by side below',
    panes: [r(0, 0, 60, 40), r(0, 40, 20, 20), r(20, 40, 20, 20), r(40, 40, 20, 20)],
  },
  {
    id: '4F',
    count: 4,
    description: 'one large right, three stacked left',
    panes: [r(20, 0, 40, 60), r(0, 0, 20, 20), r(0, 20, 20, 20), r(0, 40, 20, 20)],
  },

  {
    id: '6A',
    count: 6,
    description: 'three columns, two rows',
    panes: [
      r(0, 0, 20, 30),
      r(20, 0, 20, 30),
      r(40, 0, 20, 30),
      r(0, 30, 20, 30),
      r(20, 30, 20, 30),
      r(40, 30, 20, 30),
    ],
  },
  {
    id: '6B',
    count: 6,
    description: 'two columns, three rows',
    panes: [
      r(0, 0, 30, 20),
      r(30, 0, 30, 20),
      r(0, 20, 30, 20),
      r(30, 20, 30, 20),
      r(0, 40, 30, 20),
      r(30, 40, 30, 20),
    ],
  },
  {
    id: '6C',
    count: 6,
    description: 'one large top left, five around it',
    panes: [
      r(0, 0, 40, 40),
      r(40, 0, 20, 20),
      r(40, 20, 20, 20),
      r(0, 40, 20, 20),
      r(20, 40, 20, 20),
      r(40, 40, 20, 20),
    ],
  },
  {
    id: '6D',
    count: 6,
    description: 'one large top, five side by side below',
    panes: [
      r(0, 0, 60, 36),
      r(0, 36, 12, 24),
      r(12, 36, 12, 24),
      r(24, 36, 12, 24),
      r(36, 36, 12, 24),
      r(48, 36, 12, 24),
    ],
  },
  {
    id: '6E',
    count: 6,
    description: 'one large left, five stacked right',
    panes: [
      r(0, 0, 36, 60),
      r(36, 0, 24, 12),
      r(36, 12, 24, 12),
      r(36, 24, 24, 12),
      r(36, 36, 24, 12),
      r(36, 48, 24, 12),
    ],
  },
];

/** The layout shown first: two charts side by side. */
export const DEFAULT_LAYOUT_ID = '2A';
/** The most panes a layout has. */
export const MAX_PANES = 6;

/** The layout of an id, or the default one for an unknown id. */
export function splitLayout(id: string): SplitLayout {
  return SPLIT_LAYOUTS.find((layout) => layout.id === id) ?? splitLayout(DEFAULT_LAYOUT_ID);
}

/** A pane's rectangle as CSS percentages of the layout's box. */
export function paneStyle(rect: PaneRect): { left: string; top: string; width: string; height: string } {
  const pct = (value: number) => `${(value / GRID) * 100}%`;
  return { left: pct(rect.x), top: pct(rect.y), width: pct(rect.w), height: pct(rect.h) };
}
