// What every tab of the QuikTrade terminal works from: the account, mode and plan, the chosen underlying and expiry,
// its chain with live prices, the order defaults, and the order sender.
import type { BrokerAccount, FeedTick, Instrument, OptionChain, TradingMode } from '@fnodesk/contracts';
import type { TerminalOrders } from '../hooks/use-terminal-orders';
import type { TerminalContract } from '../utils/terminal-orders';
import type { TradePlan } from '@fnodesk/contracts';
import type { ResolvedTradeDefaults } from '../utils/terminal-settings';

/** One listed strike of the expiry with its two contracts. */
export interface ListedStrike {
  strike: number;
  ce: Instrument;
  pe: Instrument;
}

/** The terminal's state for its tabs. */
export interface TerminalSession {
  account: BrokerAccount;
  mode: TradingMode;
  plan: TradePlan;
  /** The underlying (derivatives root) and the expiry chosen. */
  name: string;
  expiry: string | null;
  defaults: ResolvedTradeDefaults;
  /** The chain around ATM (strike count as chosen); undefined while it loads. */
  chain: OptionChain | undefined;
  chainError: Error | null;
  /** Every listed strike of the expiry (strangle rows, strike shifts). */
  listed: readonly ListedStrike[];
  /** Live ticks of the chain's contracts, the spot and the future (depth where the feed sends it). */
  ticks: ReadonlyMap<number, FeedTick>;
  /** The live spot price (the served one until a tick arrives). */
  spot: number | null;
  atmStrike: number | null;
  /** A contract of the expiry by token with its live price; null while its instrument is not known. */
  contractOf(token: number): TerminalContract | null;
  orders: TerminalOrders;
  /** Runs a Pro-only action, or opens the Upgrade Now popup when the plan does not include it. */
  advanced(run: () => void): void;
}

/** One tab of the terminal; the list is data so another tab is one more entry. */
export interface TerminalTab {
  id: string;
  label: string;
  /** Opens the Upgrade Now popup instead of the tab. */
  locked?: boolean;
  element: React.ReactNode;
}

/** The live price of a contract: the last tick, else what the chain served. */
export function ltpOf(ticks: ReadonlyMap<number, FeedTick>, token: number, served: number | null): number | null {
  return ticks.get(token)?.lp ?? served;
}
