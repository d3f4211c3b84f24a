import { z } from 'zod';
import { textSchema } from './text';
import { DataTierSchema } from './envelope';

// The `/feed/v1` WebSocket protocol (ARCHITECTURE §3). Fixed: clients outside this repo speak it.

/** Instrument token as used on the feed. */
export const FeedTokenSchema = z.number().int().nonnegative();
/** Subscription mode: how much of each tick the client wants. */
export const FeedModeSchema = z.enum(['ltp', 'quote', 'full']);
/** Subscription mode. */
export type FeedMode = z.infer<typeof FeedModeSchema>;

/** The most tokens one `sub` or `unsub` may name. */
export const FEED_MAX_TOKENS_PER_OP = 3000;

/** Client → server frames. */
export const FeedClientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), userid: textSchema().min(1).max(200), secret: textSchema().min(1).max(200) }),
  z.object({
    op: z.literal('sub'),
    tokens: z.array(FeedTokenSchema).min(1).max(FEED_MAX_TOKENS_PER_OP),
    mode: FeedModeSchema.default('ltp'),
  }),
  z.object({ op: z.literal('unsub'), tokens: z.array(FeedTokenSchema).min(1).max(FEED_MAX_TOKENS_PER_OP) }),
  z.object({ op: z.literal('ping') }),
]);
/** Client → server frame. */
export type FeedClientMessage = z.infer<typeof FeedClientMessageSchema>;

const DepthLevelSchema = z.object({ p: z.number(), q: z.number().int(), o: z.number().int() });

/** A tick in `ltp` mode; `quote` and `full` add fields (ARCHITECTURE §3). */
export const FeedTickSchema = z.object({
  token: FeedTokenSchema,
  ts: z.number().int(),
  lp: z.number(),
  o: z.number().optional(),
  h: z.number().optional(),
  l: z.number().optional(),
  c: z.number().optional(),
  vt: z.number().int().optional(),
  atp: z.number().optional(),
  oi: z.number().int().optional(),
  /** Highest and lowest open interest of the session so far (quote and full; derivatives only). */
  oiDayHigh: z.number().int().optional(),
  oiDayLow: z.number().int().optional(),
  prev: z.object({ lp: z.number(), oi: z.number().int().optional() }).optional(),
  depth: z.object({ buy: z.array(DepthLevelSchema), sell: z.array(DepthLevelSchema) }).optional(),
});
/** A tick as sent on the feed. */
export type FeedTick = z.infer<typeof FeedTickSchema>;

/** Feed error codes with a fixed meaning. */
export const FEED_ERROR = Object.freeze({ PERMISSION_DENIED: 103, SESSION_EXPIRED: 109 });

/** WebSocket close codes the gateway uses. */
export const FEED_CLOSE = Object.freeze({
  MALFORMED: 1003,
  POLICY: 1008,
  RESTART: 1012,
  AUTH_TIMEOUT: 4401,
  SESSION_EXPIRED: 4409,
});

/** Server → client frames. */
export const FeedServerMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ack'), op: z.enum(['auth', 'sub', 'unsub']), tokens: z.array(FeedTokenSchema).optional() }),
  z.object({ t: z.literal('tier'), tier: DataTierSchema, delayMs: z.number().int().nonnegative() }),
  z.object({ t: z.literal('ticks'), d: z.array(FeedTickSchema) }),
  z.object({ t: z.literal('pong') }),
  z.object({ t: z.literal('event'), channel: z.string(), d: z.unknown() }),
  z.object({
    t: z.literal('error'),
    code: z.number().int(),
    message: z.string(),
    /** The instruments the refused request named (103), so a client knows which subscriptions did not take. */
    tokens: z.array(FeedTokenSchema).optional(),
  }),
]);
/** Server → client frame. */
export type FeedServerMessage = z.infer<typeof FeedServerMessageSchema>;
