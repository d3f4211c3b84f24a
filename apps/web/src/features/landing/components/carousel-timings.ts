/** Broker carousel: a move every 2 s, each taking 1 s (spec §2 Landing). */
export const BROKER_CAROUSEL_INTERVAL_MS = 2000;
/** Length of one broker-carousel move. */
export const BROKER_CAROUSEL_TRANSITION_MS = 1000;
/** Screenshot slideshow: a new screenshot every 3 s, sliding in over 600 ms (spec §9). */
export const SLIDESHOW_INTERVAL_MS = 3000;
/** Length of one slideshow move. */
export const SLIDESHOW_TRANSITION_MS = 600;

/** Brokers shown at once: 4, 3 below 1024 px, 1 below 600 px (spec §2 Landing). */
export function brokersPerView(width: number): number {
  if (width < 600) return 1;
  if (width < 1024) return 3;
  return 4;
}
