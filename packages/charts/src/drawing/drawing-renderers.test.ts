import { describe, expect, it } from 'vitest';
import { recordingTarget } from '../test/recording-target';
import type { DrawingStyle } from './drawing-style';
import { FibRetracementRenderer } from './fib-retracement';
import { HorizontalLineRenderer } from './horizontal-line';
import { distanceToRectangle, RectangleRenderer } from './rectangle';
import { TrendLineRenderer } from './trend-line';

const STYLE: DrawingStyle = { colour: '#2962ff', width: 1, labelText: '#fff', formatPrice: String };

describe('drawing renderers', () => {
  it('paint a horizontal line as a whole-pixel band across the pane at the price’s row', () => {
    const { target, calls } = recordingTarget();
    new HorizontalLineRenderer(100.3, STYLE, false).draw(target);
    expect(calls).toEqual(['fillStyle=#2962ff', 'fillRect(0,200,1600,2)']);
  });

  it('paint a selected horizontal line thicker with a handle', () => {
    const { target, calls } = recordingTarget();
    new HorizontalLineRenderer(100, STYLE, true).draw(target);
    expect(calls[1]).toBe('fillRect(0,198,1600,4)');
    expect(calls.filter((call) => call.startsWith('fillRect'))).toHaveLength(2);
  });

  it('paint a trend line between its ends in bitmap pixels, with handles when selected', () => {
    const { target, calls } = recordingTarget();
    new TrendLineRenderer(
      [
        { x: 10, y: 20 },
        { x: 110, y: 70 },
      ],
      STYLE,
      true,
    ).draw(target);
    expect(calls).toContain('moveTo(20,40)');
    expect(calls).toContain('lineTo(220,140)');
    expect(calls.filter((call) => call.startsWith('fillRect'))).toHaveLength(2);
  });

  it('paint a rectangle as a translucent fill and an outline between its corners in bitmap pixels', () => {
    const { target, calls } = recordingTarget();
    new RectangleRenderer(
      [
        { x: 110, y: 70 },
        { x: 10, y: 20 },
      ],
      STYLE,
      false,
    ).draw(target);
    expect(calls).toContain('globalAlpha=0.15');
    expect(calls).toContain('fillRect(20,40,200,100)');
    expect(calls).toContain('strokeRect(20,40,200,100)');
  });

  it('paint a retracement level per visible row across the anchors’ span, labelled with level and price', () => {
    const { target, calls } = recordingTarget();
    new FibRetracementRenderer(
      {
        left: 10,
        right: 110,
        ends: [
          { x: 10, y: 100 },
          { x: 110, y: 0 },
        ],
        levels: [
          { level: 0, price: 200, y: 0 },
          { level: 0.5, price: 150, y: 50 },
          { level: 1, price: 100, y: null },
        ],
      },
      STYLE,
      false,
    ).draw(target);
    expect(calls.filter((call) => call.startsWith('fillRect'))).toEqual([
      'fillRect(20,-1,200,2)',
      'fillRect(20,99,200,2)',
    ]);
    expect(calls).toContain('fillText(0.5 (150),24,98)');
  });

  it('measure a point inside a rectangle as on it, and outside by its nearest edge', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 100, y: 50 };
    expect(distanceToRectangle({ x: 50, y: 25 }, a, b)).toBe(0);
    expect(distanceToRectangle({ x: 50, y: 60 }, a, b)).toBe(10);
    expect(distanceToRectangle({ x: 103, y: 54 }, a, b)).toBe(5);
  });

  it('paint nothing when the drawing is off the scale', () => {
    const { target, calls } = recordingTarget();
    new HorizontalLineRenderer(null, STYLE, false).draw(target);
    new TrendLineRenderer(null, STYLE, false).draw(target);
    new RectangleRenderer(null, STYLE, false).draw(target);
    new FibRetracementRenderer(null, STYLE, false).draw(target);
    expect(calls).toEqual([]);
  });
});
