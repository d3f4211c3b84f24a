import type { Logical, SeriesAttachedParameter, Time } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { recordingTarget } from '../test/recording-target';
import { IndicatorOverlay, contrastText, type OverlayLine } from './indicator-overlay';

function line(key: string, values: number[], extra: Partial<OverlayLine> = {}): OverlayLine {
  return { key, colour: '#1971c2', dashed: false, width: 1, values, colours: null, ...extra };
}

/** An overlay attached to a stand-in chart: candle i at x = 10·i, price p at y = 200 − p, candles 0–4 in view. */
function attachedOverlay(lines: OverlayLine[]) {
  const overlay = new IndicatorOverlay();
  let updates = 0;
  overlay.attached({
    chart: {
      timeScale: () => ({
        getVisibleLogicalRange: () => ({ from: 0, to: 4 }),
        logicalToCoordinate: (logical: Logical) => logical * 10,
      }),
    },
    series: { priceToCoordinate: (price: number) => 200 - price },
    requestUpdate: () => (updates += 1),
  } as unknown as SeriesAttachedParameter<Time>);
  overlay.setLines(lines);
  return { overlay, updates: () => updates };
}

function draw(overlay: IndicatorOverlay, ratio = 1): string[] {
  const { target, calls } = recordingTarget(ratio);
  overlay.paneViews()[0]!.renderer()!.draw(target);
  return calls;
}

describe('indicator overlay', () => {
  it('draws each line over the visible candles and breaks it at a gap', () => {
    const { overlay } = attachedOverlay([line('ema', [10, 20, Number.NaN, 40, 50, 60, 70, 80])]);
    const calls = draw(overlay).filter((call) => /^(moveTo|lineTo|stroke\(|beginPath)/.test(call));
    // Candles 0–4 are in view, and one beyond: 0, 1 | gap | 3, 4, 5.
    expect(calls).toEqual([
      'beginPath()',
      'moveTo(0,190)',
      'lineTo(10,180)',
      'stroke()',
      'beginPath()',
      'moveTo(30,160)',
      'lineTo(40,150)',
      'lineTo(50,140)',
      'stroke()',
    ]);
  });

  it('dashes a dashed line and scales to the device pixels', () => {
    const { overlay } = attachedOverlay([line('bollinger-middle', [10, 20], { dashed: true })]);
    const calls = draw(overlay, 2);
    expect(calls).toContain('setLineDash(4,4)');
    expect(calls).toContain('lineTo(20,360)');
  });

  it('breaks a point-coloured line where its colour changes (a Supertrend flip is a jump, not a line)', () => {
    const { overlay } = attachedOverlay([
      line('supertrend', [10, 11, 30, 31], { colours: ['#2f9e44', '#2f9e44', '#e03131', '#e03131'] }),
    ]);
    const calls = draw(overlay).filter((call) => /^(moveTo|lineTo|strokeStyle|stroke\()/.test(call));
    expect(calls).toEqual([
      'strokeStyle=#2f9e44',
      'moveTo(0,190)',
      'lineTo(10,189)',
      'stroke()',
      'strokeStyle=#e03131',
      'moveTo(20,170)',
      'lineTo(30,169)',
      'stroke()',
    ]);
  });

  it('keeps the visible values of every line in the autoscale, skipping gaps', () => {
    const { overlay } = attachedOverlay([line('a', [5, Number.NaN, 9, 100]), line('b', [7, 3, Number.NaN])]);
    expect(overlay.autoscaleInfo(0 as Logical, 2 as Logical)).toEqual({ priceRange: { minValue: 3, maxValue: 9 } });
    expect(overlay.autoscaleInfo(1.5 as Logical, 2.5 as Logical)).toEqual({
      priceRange: { minValue: 9, maxValue: 9 },
    });
    expect(overlay.autoscaleInfo(10 as Logical, 12 as Logical)).toBeNull();
  });

  it('takes a live value without asking for a redraw of its own, and appends the next candle', () => {
    const { overlay, updates } = attachedOverlay([line('ema', [1, 2]), line('st', [1, 2], { colours: ['a', 'b'] })]);
    const before = updates();
    overlay.setValue('ema', 1, 2.5, null);
    overlay.setValue('ema', 2, 3, null);
    overlay.setValue('st', 2, 4, '#e03131');
    overlay.setValue('missing', 0, 9, null);
    expect(overlay.line('ema')?.values).toEqual([1, 2.5, 3]);
    expect(overlay.line('st')?.colours).toEqual(['a', 'b', '#e03131']);
    expect(updates()).toBe(before);
  });

  it('labels each line with its last value in its colour, and hides the label during the warm-up', () => {
    const { overlay } = attachedOverlay([line('ema', [10, 24_512.5]), line('rsi-like', [Number.NaN])]);
    const [ema, warming] = overlay.priceAxisViews();
    expect([ema?.visible?.(), ema?.text(), ema?.coordinate(), ema?.backColor()]).toEqual([
      true,
      '24,512.50',
      200 - 24_512.5,
      '#1971c2',
    ]);
    expect(warming?.visible?.()).toBe(false);
    // Asked for anyway, a warming line's label has no text (formatting NaN would throw).
    expect(warming?.text()).toBe('');
    // The same array while the lines stay (lightweight-charts caches by reference), a new one when they change.
    expect(overlay.priceAxisViews()).toBe(overlay.priceAxisViews());
  });

  it('writes light text on dark colours and dark text on light ones', () => {
    expect(contrastText('#1971c2')).toBe('#ffffff');
    expect(contrastText('#ffd43b')).toBe('#131722');
  });
});
