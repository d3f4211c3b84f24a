export { createFakeClock, systemClock } from './clock';
export type { Clock, FakeClock, TimerHandle } from './clock';
export * from './market';
export * from './format';
export * from './options';
export * from './billing';
