import type { Clock } from '@fnodesk/domain';
import { useCallback, useEffect, useState } from 'react';

/** How a carousel moves. */
export interface CarouselOptions {
  /** Slides in the carousel (its track repeats the first `perView` after them, so it loops seamlessly). */
  count: number;
  /** Slides shown at once. */
  perView: number;
  /** Time between automatic moves. */
  intervalMs: number;
  /** Length of one move's animation. */
  transitionMs: number;
  /** Stops the automatic moves (pointer or focus inside, or the user pressed pause). */
  paused: boolean;
  clock: Clock;
}

/** Where a carousel stands. */
export interface CarouselState {
  /** Position of the track: 0 … count (count is the copy of the first slide, shown just before the wrap). */
  position: number;
  /** Whether the track animates to its position (off for the instant wrap back to the real first slide). */
  animate: boolean;
  /** The real slide at the start of the view, 0 … count − 1. */
  current: number;
  next: () => void;
  previous: () => void;
  goTo: (slide: number) => void;
}

/**
 * A looping carousel: advances one slide every `intervalMs` unless paused. On reaching the copy of the first slide
 * it waits for the move to finish, then jumps back to the real first slide without animation, so the loop never
 * rewinds visibly.
 */
export function useCarousel({
  count,
  perView,
  intervalMs,
  transitionMs,
  paused,
  clock,
}: CarouselOptions): CarouselState {
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(true);
  const moves = count > perView;

  const next = useCallback(() => {
    if (!moves) return;
    setAnimate(true);
    setPosition((current) => Math.min(current + 1, count));
  }, [moves, count]);

  const previous = useCallback(() => {
    if (!moves) return;
    setAnimate(true);
    setPosition((current) => (current <= 0 ? count - 1 : current - 1));
  }, [moves, count]);

  const goTo = useCallback(
    (slide: number) => {
      setAnimate(true);
      setPosition(Math.max(0, Math.min(slide, count - 1)));
    },
    [count],
  );

  useEffect(() => {
    if (paused || !moves) return undefined;
    const timer = clock.setInterval(next, intervalMs);
    return () => timer.cancel();
  }, [paused, moves, next, intervalMs, clock]);

  useEffect(() => {
    if (position < count) return undefined;
    const timer = clock.setTimeout(() => {
      setAnimate(false);
      setPosition(0);
    }, transitionMs);
    return () => timer.cancel();
  }, [position, count, transitionMs, clock]);

  // Fewer slides than the view shows, or a shrinking count: stay at the start.
  const safe = moves ? Math.min(position, count) : 0;
  return { position: safe, animate, current: safe % Math.max(count, 1), next, previous, goTo };
}
