import type { BrokerType } from '@fnodesk/contracts';

/** What decides whether one more account may be enabled for trading (QuikTrade). */
export interface AllowanceInput {
  /** The account being enabled. */
  readonly type: BrokerType;
  /** A QuikTrade plan or trial is running. */
  readonly activeTradeSubscription: boolean;
  /** Accounts tradable at once from the running plan plus add-ons (login-check `accounts`). */
  readonly accounts: number;
  /** A paid QuikTrade plan is running (not only the Free trial). */
  readonly paidTradePlan: boolean;
  /** The user's other accounts already enabled for trading. */
  readonly enabled: readonly { readonly type: string }[];
}

/** Whether enabling is allowed, and why not. */
export type AllowanceDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: 'unsupported' }
  | { readonly allowed: false; readonly reason: 'freePlanPaperOnly' }
  | { readonly allowed: false; readonly reason: 'allowance'; readonly allowance: number };

/**
 * The enable-for-trading rule of accounts §5: ICICI accounts cannot be enabled; Paper Trading always can and adds
 * one to the allowance; with a running trade plan whose count is 0 the allowance is 1; the Free plan trades on paper
 * only; otherwise enabling is refused once the enabled accounts have reached the allowance.
 */
export function decideQuickTrade(input: AllowanceInput): AllowanceDecision {
  if (input.type === 'icici') return { allowed: false, reason: 'unsupported' };
  if (input.type === 'papertrading') return { allowed: true };
  if (input.activeTradeSubscription && !input.paidTradePlan) return { allowed: false, reason: 'freePlanPaperOnly' };
  const planAllowance = input.activeTradeSubscription ? Math.max(input.accounts, 1) : 0;
  const allowance = planAllowance + (input.enabled.some((a) => a.type === 'papertrading') ? 1 : 0);
  if (input.enabled.length >= allowance) return { allowed: false, reason: 'allowance', allowance };
  return { allowed: true };
}
