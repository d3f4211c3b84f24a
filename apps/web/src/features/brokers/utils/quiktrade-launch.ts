import { BROKER_MESSAGES } from '@fnodesk/contracts';

/** What 'Launch QuikTrade' does (accounts §5): one of three refusals, or the launch. */
export type LaunchVerdict = 'no-plan' | 'no-broker' | 'select-account' | 'ready';

/**
 * The §5 checks in order: a QuikTrade plan; a broker account logged in; one of the logged-in accounts enabled for
 * trading.
 */
export function launchVerdict(
  activeTradeSubscription: boolean,
  accounts: readonly { status: string; quickTrade: boolean }[],
): LaunchVerdict {
  if (!activeTradeSubscription) return 'no-plan';
  const loggedIn = accounts.filter((account) => account.status === 'loggedIn');
  if (loggedIn.length === 0) return 'no-broker';
  if (!loggedIn.some((account) => account.quickTrade)) return 'select-account';
  return 'ready';
}

/** The popup text of each refusal. */
export const LAUNCH_MESSAGES: Readonly<Record<Exclude<LaunchVerdict, 'ready'>, string>> = {
  'no-plan': BROKER_MESSAGES.noTradePlan,
  'no-broker': BROKER_MESSAGES.loginWithBroker,
  'select-account': BROKER_MESSAGES.selectAccount,
};

/** The information popup's note before QuikTrade opens (accounts §5). */
export const BROKER_TRADING_NOTE =
  'Only logged-in Zerodha accounts are available for broker trading. Other broker logins are paper trading only.';
