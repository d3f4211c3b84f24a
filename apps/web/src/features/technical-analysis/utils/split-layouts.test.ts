import { describe, expect, it } from 'vitest';
import { GRID, SPLIT_LAYOUTS, paneStyle, splitLayout } from './split-layouts';

const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('split layouts', () => {
  it('offers 1, 2, 3, 4 and 6 charts: one arrangement of one, A–F of 2, 3 and 4, and A–E of 6', () => {
    const ids = (count: number) => SPLIT_LAYOUTS.filter((l) => l.count === count).map((l) => l.id);
    expect(ids(1)).toEqual(['1A']);
    for (const count of [2, 3, 4])
      expect(ids(count)).toEqual(['A', 'B', 'C', 'D', 'E', 'F'].map((v) => `${count}${v}`));
    expect(ids(6)).toEqual(['6A', '6B', '6C', '6D', '6E']);
  });

  it('tiles the whole area with exactly its count of panes, none overlapping', () => {
    for (const layout of SPLIT_LAYOUTS) {
      expect(layout.panes, layout.id).toHaveLength(layout.count);
      let area = 0;
      layout.panes.forEach((pane, i) => {
        expect(pane.x >= 0 && pane.y >= 0 && pane.x + pane.w <= GRID && pane.y + pane.h <= GRID, layout.id).toBe(true);
        area += pane.w * pane.h;
        layout.panes.slice(i + 1).forEach((other) => expect(overlap(pane, other), layout.id).toBe(false));
      });
      expect(area, layout.id).toBe(GRID * GRID);
    }
  });

  it('gives pane 1 the largest rectangle, and tells the layouts apart', () => {
    for (const layout of SPLIT_LAYOUTS) {
      const first = layout.panes[0]!;
      expect(
        layout.panes.every((pane) => pane.w * pane.h <= first.w * first.h),
        layout.id,
      ).toBe(true);
    }
    const shapes = SPLIT_LAYOUTS.map((layout) => JSON.stringify(layout.panes));
    expect(new Set(shapes).size).toBe(SPLIT_LAYOUTS.length);
  });

  it('falls back to two side by side for an unknown id and places panes in per cent', () => {
    expect(splitLayout('7Z').id).toBe('2A');
    expect(paneStyle({ x: 30, y: 0, w: 30, h: 60 })).toEqual({ left: '50%', top: '0%', width: '50%', height: '100%' });
  });
});
