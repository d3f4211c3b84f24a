import { useHeldTicks, type TicksView, type TickChanges } from './use-ticks';

/** Tells `listener` of the client's changes at most once per animation frame. */
export const oncePerFrame: TickChanges = (client, listener) => {
  let frame: number | null = null;
  const stop = client.onChange(() => {
    frame ??= requestAnimationFrame(() => {
      frame = null;
      listener();
    });
  });
  return () => {
    stop();
    if (frame !== null) cancelAnimationFrame(frame);
  };
};

/**
 * Holds `tokens` on the shared feed in quote mode while `enabled` and returns their latest ticks, told to React at
 * most once per animation frame: a batch of ticks for thirty-odd contracts re-renders the table once, not once per
 * change, and a hidden tab (no frames) does no work until it is shown again.
 */
export function useFrameTicks(tokens: readonly number[], enabled: boolean): TicksView {
  return useHeldTicks(tokens, 'quote', enabled, oncePerFrame);
}
