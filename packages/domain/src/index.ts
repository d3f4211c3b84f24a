export { createFakeClock, systemClock } from './clock';
export type { Clock, FakeClock, TimerHandle } from './clock';
export * from './billing';
