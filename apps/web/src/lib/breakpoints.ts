import { useSyncExternalStore } from 'react';

/** Layout breakpoints of the product (spec signed-in §9), in CSS pixels: each is the minimum width of its range. */
export const BREAKPOINTS = Object.freeze({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1540 });

/** Whether the media query matches, following changes (window resizes, device rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
