// A canvas target for renderer tests: it records every call and property write a renderer makes on its context.
import type { DrawingTarget } from '../drawing/drawing-style';

/** A target whose context records the calls a renderer makes, at a device pixel ratio of `ratio` (default 2). */
export function recordingTarget(ratio = 2) {
  const calls: string[] = [];
  const state: Record<string, unknown> = {};
  const context = new Proxy(state, {
    get: (target, key: string) =>
      key in target ? target[key] : (...args: unknown[]) => calls.push(`${key}(${args.join(',')})`),
    set: (target, key: string, value: unknown) => {
      target[key] = value;
      calls.push(`${String(key)}=${String(value)}`);
      return true;
    },
  });
  const target = {
    useBitmapCoordinateSpace: (draw: (scope: unknown) => void) =>
      draw({
        context,
        bitmapSize: { width: 800 * ratio, height: 400 * ratio },
        mediaSize: { width: 800, height: 400 },
        horizontalPixelRatio: ratio,
        verticalPixelRatio: ratio,
      }),
  } as unknown as DrawingTarget;
  return { target, calls };
}
