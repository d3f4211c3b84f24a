export { createFakeClock, systemClock } from './clock';
export type { Clock, FakeClock, TimerHandle } from './clock';
export { FEED_RECONNECT_BOUNDS, reconnectDelay } from './reconnect-backoff';
export type { BackoffBounds } from './reconnect-backoff';
export * from './market';
export * from './format';
export * from './options';
export * from './billing';
export * from './indicators';
// Trading math: charges, margins, order rules, slicing, trading hours.
export * from './trading';
// Charting and order flow: footprints and tick candles.
export * from './orderflow';
