import { z } from 'zod';
import { textSchema } from './text';
import { TradingModeSchema, TransactionTypeSchema } from './trading';

/**
 * The QuikTrade terminal's server-side risk API (trading.md §5.3): the portfolio MTM stop, target and lock-in trail
 * of one account and mode, the risk engine's state for the terminal's badges, and the rules engine. Every path is
 * `/api/v1/quiktrade/{accountId}/…`.
 */

const rupees = z.number().finite().positive().max(1e10);

/** `{accountId}` of every QuikTrade risk path. */
export const QuikTradeAccountParamsSchema = z.object({ accountId: textSchema().min(1).max(64) });

/** `?mode=paper|live` of the portfolio-risk and risk-state paths (default paper). */
export const QuikTradeModeQuerySchema = z.object({ mode: TradingModeSchema.default('paper') });

/**
 * What the trader sets for the portfolio of one account and mode, rupees of MTM (realised + unrealised):
 * - `mtmStop`: exit everything when the MTM falls to −mtmStop (a loss of this much);
 * - `mtmTarget`: exit everything when the MTM reaches it;
 * - lock-in trail: once the MTM reaches `trailFrom`, a stop at +`trailLock` is locked in, and it rises by
 *   `trailStep` for every `trailStep` the MTM climbs above `trailFrom` (never falls back).
 */
export const PortfolioRiskSettingsSchema = z
  .object({
    mtmStop: rupees.nullable(),
    mtmTarget: rupees.nullable(),
    trailFrom: rupees.nullable(),
    trailLock: z.number().finite().nonnegative().max(1e10).nullable(),
    trailStep: rupees.nullable(),
    /** Watched by the engine; a trigger disarms it. */
    armed: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const trail = [v.trailFrom, v.trailLock, v.trailStep];
    if (trail.some((x) => x !== null) && trail.some((x) => x === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['trailFrom'],
        message: 'A lock-in trail needs all three: from, lock and step.',
      });
    }
    if (v.trailFrom !== null && v.trailLock !== null && v.trailLock >= v.trailFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['trailLock'],
        message: 'The locked profit must be below the trail start.',
      });
    }
  });
/** `PUT portfolio-risk` body. */
export type PortfolioRiskSettings = z.infer<typeof PortfolioRiskSettingsSchema>;

/** `GET / PUT portfolio-risk` data: the settings plus what the engine made of them. */
export const PortfolioRiskSchema = z.object({
  brokerId: z.string(),
  mode: TradingModeSchema,
  mtmStop: z.number().nullable(),
  mtmTarget: z.number().nullable(),
  trailFrom: z.number().nullable(),
  trailLock: z.number().nullable(),
  trailStep: z.number().nullable(),
  armed: z.boolean(),
  /** The locked-in stop of the trail (MTM rupees) once it started; null before. */
  trailStop: z.number().nullable(),
  /** Highest MTM seen while armed. */
  peakMtm: z.number().nullable(),
  /** The last trigger: which level, and when (ISO); null when it never fired since it was armed. */
  triggered: z.enum(['mtmStop', 'mtmTarget', 'trailStop']).nullable(),
  triggeredAt: z.string().nullable(),
});
/** Portfolio risk of one account and mode. */
export type PortfolioRisk = z.infer<typeof PortfolioRiskSchema>;

/** `GET risk-state` data: what the terminal's badges show. */
export const RiskStateSchema = z.object({
  /** The feed is stale (or has no price) for an open position: the engine is not evaluating this account. */
  paused: z.boolean(),
  /** The daily loss limit was reached: new entries are refused for the rest of the IST day. */
  lockedForDay: z.boolean(),
  mtm: z.number(),
  realised: z.number(),
  unrealised: z.number(),
  portfolioRisk: PortfolioRiskSchema,
});
/** The risk engine's state for one account and mode. */
export type RiskState = z.infer<typeof RiskStateSchema>;

/** Comparators of a rule's condition. */
export const RULE_COMPARATORS = ['EQ', 'GT', 'GE', 'LT', 'LE'] as const;
/** A rule's comparator. */
export const RuleComparatorSchema = z.enum(RULE_COMPARATORS);
/** A rule's comparator. */
export type RuleComparator = z.infer<typeof RuleComparatorSchema>;

/** What a rule watches: a last price, the CE+PE sum at a strike, or the IST market clock. */
export const RULE_SOURCES = ['SPOT', 'FUT', 'CE', 'PE', 'COMBINED', 'TIME'] as const;
/** What a rule watches. */
export const RuleSourceSchema = z.enum(RULE_SOURCES);
/** What a rule watches. */
export type RuleSource = z.infer<typeof RuleSourceSchema>;

/** A strike: an absolute strike price, or the ATM strike (nearest spot) plus `offset` strike steps. */
export const RuleStrikeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('absolute'), strike: z.number().finite().positive().max(1e7) }),
  z.object({ kind: z.literal('atm'), offset: z.number().int().min(-50).max(50) }),
]);
/** A strike of a rule. */
export type RuleStrike = z.infer<typeof RuleStrikeSchema>;

const hhmm = textSchema().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:MM (IST).' });

/** A rule's condition: N consecutive qualifying ticks of `source comparator value` (a non-qualifying one resets N). */
export const RuleConditionSchema = z
  .object({
    source: RuleSourceSchema,
    /** CE, PE and COMBINED: the strike watched. */
    strike: RuleStrikeSchema.optional(),
    comparator: RuleComparatorSchema,
    /** Price sources: the threshold in rupees. */
    value: z.number().finite().nonnegative().max(1e7).optional(),
    /** TIME: HH:MM on the IST market clock. */
    time: hhmm.optional(),
    /** Consecutive qualifying ticks before the rule fires (1 = the first). */
    waitTicks: z.number().int().min(1).max(1000).default(1),
  })
  .superRefine((c, ctx) => {
    if (c.source === 'TIME') {
      if (c.time === undefined) ctx.addIssue({ code: 'custom', path: ['time'], message: 'A TIME rule needs a time.' });
      return;
    }
    if (c.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'The rule needs a value.' });
    const optional = c.source === 'CE' || c.source === 'PE' || c.source === 'COMBINED';
    if (optional && c.strike === undefined) {
      ctx.addIssue({ code: 'custom', path: ['strike'], message: 'Choose the strike the rule watches.' });
    }
  });
/** A rule's condition. */
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

/** One order row a rule places when it fires; the strike is resolved at firing time. */
export const RuleActionSchema = z
  .object({
    side: TransactionTypeSchema,
    type: z.enum(['CE', 'PE', 'FUT']),
    strike: RuleStrikeSchema.optional(),
    lots: z.number().int().min(1).max(1000),
  })
  .superRefine((a, ctx) => {
    if (a.type !== 'FUT' && a.strike === undefined) {
      ctx.addIssue({ code: 'custom', path: ['strike'], message: 'Choose the strike of the option.' });
    }
  });
/** One order row of a rule. */
export type RuleAction = z.infer<typeof RuleActionSchema>;

const ruleFields = {
  /** Derivatives root (NIFTY, BANKNIFTY, …). */
  instrument: textSchema().trim().min(1).max(32),
  /** Option expiry (YYYY-MM-DD). */
  expiry: textSchema().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expiry must be YYYY-MM-DD.' }),
  product: z.enum(['MIS', 'NRML']),
  condition: RuleConditionSchema,
  actions: z.array(RuleActionSchema).min(1).max(10),
  armed: z.boolean(),
};

/** `POST rules` body. */
export const CreateRuleRequestSchema = z.object({
  ...ruleFields,
  mode: TradingModeSchema.default('paper'),
  product: ruleFields.product.default('MIS'),
  armed: ruleFields.armed.default(true),
});
/** `POST rules` body. */
export type CreateRuleRequest = z.input<typeof CreateRuleRequestSchema>;

/** `PUT rules/{ruleId}` body: arm, disarm or edit (arming a fired rule re-arms it); absent fields stay as they are. */
export const UpdateRuleRequestSchema = z.object(ruleFields).partial();
/** `PUT rules/{ruleId}` body. */
export type UpdateRuleRequest = z.input<typeof UpdateRuleRequestSchema>;

/** `PUT / DELETE rules/{ruleId}` params. */
export const RuleParamsSchema = QuikTradeAccountParamsSchema.extend({ ruleId: textSchema().min(1).max(64) });

/** One rule as the API shows it. */
export const RuleViewSchema = z.object({
  id: z.string(),
  brokerId: z.string(),
  mode: TradingModeSchema,
  instrument: z.string(),
  expiry: z.string(),
  product: z.enum(['MIS', 'NRML']),
  condition: RuleConditionSchema,
  actions: z.array(RuleActionSchema),
  armed: z.boolean(),
  /** When it fired (ISO); null while it has not. */
  firedAt: z.string().nullable(),
  /** Why its orders were not placed, when they were not. */
  fireError: z.string().nullable(),
  createdAt: z.string(),
});
/** One rule. */
export type RuleView = z.infer<typeof RuleViewSchema>;

/** `GET rules` data. */
export const RuleListSchema = z.object({ rules: z.array(RuleViewSchema) });
/** `GET rules` data. */
export type RuleList = z.infer<typeof RuleListSchema>;

/** Rule firings allowed per account per minute (a runaway set of rules cannot flood the exchange). */
export const RULE_FIRINGS_PER_MINUTE = 10;
