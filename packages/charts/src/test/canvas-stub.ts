// happy-dom has no canvas and does not resolve CSS colours, which lightweight-charts needs to construct a chart.
// These stubs let a chart be created, fed and destroyed in unit tests; nothing is painted, so drawing is not tested
// here.
import { vi } from 'vitest';

/** A 2D context whose every method does nothing, with the few results lightweight-charts reads. */
function noopContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas };
  return new Proxy(state, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'measureText') {
        return (text: string) => ({
          width: text.length * 6,
          actualBoundingBoxAscent: 8,
          actualBoundingBoxDescent: 2,
        });
      }
      if (key === 'getImageData' || key === 'createImageData') {
        return () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 });
      }
      if (key === 'createLinearGradient' || key === 'createPattern' || key === 'createRadialGradient') {
        return () => ({ addColorStop: () => undefined });
      }
      if (key === 'getTransform') return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
      if (key === 'getLineDash') return () => [];
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb`/`#rrggbb` → `rgb(r, g, b)`, as a browser's computed style reports it; other colours pass through. */
function computedColour(colour: string): string {
  const match = HEX.exec(colour.trim());
  if (match === null) return colour;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Installs the stubs for the current test file; returns a function that removes them. */
export function installCanvasStub(): () => void {
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    let context = contexts.get(this);
    if (context === undefined) {
      context = noopContext(this);
      contexts.set(this, context);
    }
    return context;
  });
  const realComputedStyle = window.getComputedStyle.bind(window);
  const computedStyle = vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = realComputedStyle(element, pseudo);
    const colour = (element as HTMLElement).style?.color ?? '';
    if (!HEX.test(colour)) return style;
    return new Proxy(style, {
      get: (target, key): unknown => (key === 'color' ? computedColour(colour) : Reflect.get(target, key, target)),
    });
  });
  return () => {
    getContext.mockRestore();
    computedStyle.mockRestore();
  };
}
