export type { Bus, BusErrorReporter, BusHandler, Unsubscribe } from './bus';
export { createMemoryBus, createMemoryHub } from './memory-bus';
export type { MemoryHub } from './memory-bus';
export { createRedisBus } from './redis-bus';
