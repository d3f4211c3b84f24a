export { createKiteFeedSource } from './kite-feed-source';
export type {
  KiteFeedSource,
  KiteFeedSourceOptions,
  KiteFeedSourceStatus,
  KiteSourceProblem,
} from './kite-feed-source';
export type { KiteTextEvent } from './kite-text.parser';
export type { KiteRejectReason } from './kite-binary.parser';
export type { KiteConnectionProblem } from './kite-ticker.connection';
export { KITE_LIMITS, type KitePoolLimits } from './kite-ticker.pool';
