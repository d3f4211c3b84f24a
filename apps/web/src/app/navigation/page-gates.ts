import type { AppPage } from '../app-pages';

/** Why a menu entry opens a popup instead of its page (spec signed-in §2.3). */
export type PageGate = 'discover-plan' | 'broker-login' | 'upgrade';

/** The plan and broker flags the gates read (from the stored session, refreshed by the login check). */
export interface GateFlags {
  activeSubscription: boolean;
  activeTradeSubscription: boolean;
  brokerLoggedIn: boolean;
}

/**
 * The popup a click on `page` opens, or null when the page may open: a Discover page without a Discover plan
 * offers the plan; Tick Chart without a broker login asks for one; a QuikTrade page without a QuikTrade plan offers
 * the upgrade.
 */
export function gateFor(page: AppPage, flags: GateFlags): PageGate | null {
  if (page.access === 'discover' && !flags.activeSubscription) return 'discover-plan';
  if (page.needsBroker === true && !flags.brokerLoggedIn) return 'broker-login';
  if (page.quiktrade === true && !flags.activeTradeSubscription) return 'upgrade';
  return null;
}

/** What each gate's popup says and where its button leads (spec signed-in §2.3). */
export const GATE_POPUPS: Readonly<Record<PageGate, { title: string; message: string; button: string }>> = {
  'discover-plan': {
    title: 'Purchase Discover Plan',
    message: 'You do not have valid plan for Discover. Please purchase plan to continue',
    button: 'Buy Plan',
  },
  'broker-login': {
    title: 'Login with your Broker Account',
    message: 'Please login with your broker account to view Tick Charts',
    button: 'Ok',
  },
  upgrade: { title: 'Upgrade Now', message: 'Please upgrade to use this feature', button: 'Upgrade Now' },
};
