import type { BrokerAccount } from '@fnodesk/contracts';
import { LAUNCH_MESSAGES, launchVerdict } from '../../features/brokers/utils/quiktrade-launch';
import type { TradeRefusal } from '../../lib/trading/order-window-context';
import { paths } from '../paths';

/** The accounts orders can go to: logged in and enabled for trading, the default one first. */
export function tradableAccounts(accounts: readonly BrokerAccount[]): BrokerAccount[] {
  return accounts
    .filter((account) => account.status === 'loggedIn' && account.quickTrade)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** Why the user cannot trade: the QuikTrade launch checks (accounts §5), each with its link. */
export function tradeRefusal(
  activeTradeSubscription: boolean,
  accounts: readonly BrokerAccount[],
): TradeRefusal | null {
  const verdict = launchVerdict(activeTradeSubscription, accounts);
  if (verdict === 'ready') return null;
  if (verdict === 'no-plan') {
    return { message: LAUNCH_MESSAGES[verdict], href: paths.quiktradePricing, linkText: 'Purchase a QuikTrade plan' };
  }
  return { message: LAUNCH_MESSAGES[verdict], href: paths.brokerAccounts, linkText: 'Open the Broker List' };
}
