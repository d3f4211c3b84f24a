// The terminal's fan-out (trading.md §5.3, issue 36 item 5): one click goes to every account enabled for trading,
// each at its own multiplier, as one `quiktrade/fan-out` request per line. Paper and live never mix: the fan-out is
// the terminal's mode, so a live fan-out reaches only the accounts that trade live, while every account can trade
// paper.
import {
  tradesLive,
  type BrokerAccount,
  type FanOutAccountResult,
  type FanOutResult,
  type OrderLineInput,
  type TradingMode,
} from '@fnodesk/contracts';

/** The accounts a fan-out of `mode` reaches among the user's logged-in accounts enabled for trading. */
export function fanOutAccounts(accounts: readonly BrokerAccount[], mode: TradingMode): readonly BrokerAccount[] {
  return mode === 'live' ? accounts.filter((account) => tradesLive(account.type)) : accounts;
}

/**
 * The accounts the terminal fans a one-click entry out to: every account of its mode when there are two or more and
 * the selected account is one of them; null when the terminal trades the selected account alone.
 */
export function terminalFanOutAccounts(
  accounts: readonly BrokerAccount[],
  selectedId: string,
  mode: TradingMode,
): readonly BrokerAccount[] | null {
  const reached = fanOutAccounts(accounts, mode);
  return reached.length >= 2 && reached.some((account) => account.id === selectedId) ? reached : null;
}

/** Where the fan-out switch is remembered, per user (on unless turned off). */
export function fanOutStorageKey(userId: string): string {
  return `fnodesk.quiktrade.fanOut.${userId}`;
}

/** What happened to one line of a fan-out click: the server's per-account results, or why the request failed. */
export type FanOutLineOutcome =
  { line: OrderLineInput; result: FanOutResult; error: null } | { line: OrderLineInput; result: null; error: string };

/** One fan-out click: its lines in the order sent. */
export interface FanOutReport {
  /** Distinguishes clicks (a new report replaces the shown one). */
  id: number;
  lines: readonly FanOutLineOutcome[];
}

/** Placed and rejected account results over every line of a click, and the lines whose request failed. */
export function fanOutTally(report: FanOutReport): { placed: number; rejected: number; failed: number } {
  let placed = 0;
  let rejected = 0;
  let failed = 0;
  for (const outcome of report.lines) {
    if (outcome.result === null) failed += 1;
    else
      for (const account of outcome.result.results) {
        if (account.status === 'placed') placed += 1;
        else rejected += 1;
      }
  }
  return { placed, rejected, failed };
}

/** The toast line of a click: how many account orders were placed and rejected, naming the first rejection. */
export function fanOutSummary(report: FanOutReport): string {
  const { placed, rejected, failed } = fanOutTally(report);
  const firstRejection = report.lines
    .flatMap((outcome) => outcome.result?.results ?? [])
    .find((account) => account.status === 'rejected');
  const firstFailure = report.lines.find((outcome) => outcome.error !== null)?.error;
  const parts = [`Fan-out: ${placed} placed`];
  if (rejected > 0) parts.push(`${rejected} rejected`);
  let text = parts.join(', ');
  if (firstRejection !== undefined) text += ` (${firstRejection.userName}: ${firstRejection.reason ?? 'rejected'})`;
  if (failed > 0 && firstFailure !== undefined) text += `. Not sent: ${firstFailure}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The toast's kind: success when every account placed, error when none did, else a warning. */
export function fanOutSeverity(report: FanOutReport): 'success' | 'warning' | 'error' {
  const { placed, rejected, failed } = fanOutTally(report);
  if (placed === 0) return 'error';
  return rejected === 0 && failed === 0 ? 'success' : 'warning';
}

/** Lots of one account's result: its orders' quantity over the contract's lot size (null when the size is unknown). */
export function resultLots(result: FanOutAccountResult, lotSize: number | null): number | null {
  if (lotSize === null || lotSize <= 0 || result.orders.length === 0) return null;
  const quantity = result.orders.reduce((sum, order) => sum + order.quantity, 0);
  return quantity / lotSize;
}

/** Every account a click touched (its books reload afterwards). */
export function fanOutAccountIds(report: FanOutReport): readonly string[] {
  return [
    ...new Set(report.lines.flatMap((outcome) => outcome.result?.results.map((account) => account.brokerId) ?? [])),
  ];
}
