// `recentring-sim`: the re-centring simulator for short straddles and strangles over past sessions (issue brief G6,
// Custom Strangle): its query and its answer.
import { z } from 'zod';
import { UnderlyingParamSchema, wholeNumberParam } from './market';
import { textSchema } from './text';

/** Most past sessions one run covers. */
export const MAX_RECENTRING_SESSIONS = 20;

/** A decimal parameter within bounds (points, ratios). */
function decimalParam(min: number, max: number) {
  return textSchema()
    .trim()
    .max(12)
    .transform((text, ctx) => {
      const value = /^\d{1,7}(\.\d{1,4})?$/.test(text) ? Number(text) : NaN;
      if (!(value >= min && value <= max)) {
        ctx.addIssue({ code: 'custom', message: `expected a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * `recentring-sim?name&width&move&ratio&lots&sessions`: sell the ATM straddle (width 0) or the strangle `width`
 * strikes either side of ATM of the nearest expiry each session, re-centre when the underlying moves `move` points or
 * the dearer leg reaches `ratio` times the cheaper (either may be left out), over the last `sessions` sessions.
 */
export const RecentringQuerySchema = z.object({
  name: UnderlyingParamSchema,
  width: wholeNumberParam(0, 10).default(0),
  move: decimalParam(1, 100_000).optional(),
  ratio: decimalParam(1.05, 100).optional(),
  lots: wholeNumberParam(1, 100).default(1),
  sessions: wholeNumberParam(1, MAX_RECENTRING_SESSIONS).default(MAX_RECENTRING_SESSIONS),
});

const RecentringSessionSchema = z.object({
  date: z.string(),
  expiry: z.string(),
  /** The strikes first sold (null when nothing could be sold that session). */
  ceStrike: z.number().nullable(),
  peStrike: z.number().nullable(),
  grossPnl: z.number(),
  charges: z.number(),
  netPnl: z.number(),
  maxDrawdown: z.number(),
  adjustments: z.number().int(),
  orders: z.number().int(),
});

/** `recentring-sim`: one row per session, oldest first, and the totals. */
export const RecentringSimulationSchema = z.object({
  name: z.string(),
  lotSize: z.number().int(),
  /** Units per leg. */
  quantity: z.number().int(),
  sessions: z.array(RecentringSessionSchema),
  totals: z.object({
    grossPnl: z.number(),
    charges: z.number(),
    netPnl: z.number(),
    adjustments: z.number().int(),
    /** The deepest single-session drawdown. */
    worstDrawdown: z.number(),
    winningSessions: z.number().int(),
  }),
});
