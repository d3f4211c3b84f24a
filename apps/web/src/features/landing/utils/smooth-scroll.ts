/** How long the landing page takes to scroll to a section (spec §2 Landing). */
export const LANDING_SCROLL_DURATION_MS = 2000;

/** Slow start, fast middle, slow end: a scroll that reads as deliberate rather than a jump. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/**
 * Scrolls the window so `target` sits at the top (minus its CSS scroll-margin-top, which clears the sticky navbar),
 * over `durationMs`, then moves the keyboard focus to it. Users who prefer reduced motion jump there at once; a
 * wheel or touch during the scroll stops it. Returns a function that cancels the scroll.
 */
export function scrollToSection(target: HTMLElement, durationMs: number = LANDING_SCROLL_DURATION_MS): () => void {
  const margin = Number.parseFloat(window.getComputedStyle(target).scrollMarginTop) || 0;
  const start = window.scrollY;
  const end = Math.max(0, target.getBoundingClientRect().top + start - margin);
  const focusTarget = () => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || durationMs <= 0) {
    window.scrollTo({ top: end, behavior: 'instant' });
    focusTarget();
    return () => undefined;
  }

  let frame = 0;
  let startedAt: number | null = null;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
  };
  const step = (time: number) => {
    startedAt ??= time;
    const progress = Math.min(1, (time - startedAt) / durationMs);
    // 'instant': Bootstrap makes the page scroll smoothly, which would restart on every frame of this animation.
    window.scrollTo({ top: start + (end - start) * easeInOutCubic(progress), behavior: 'instant' });
    if (progress < 1) {
      frame = window.requestAnimationFrame(step);
    } else {
      stop();
      focusTarget();
    }
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  frame = window.requestAnimationFrame(step);
  return stop;
}
