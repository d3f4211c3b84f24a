import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Unsubscribe } from '../../platform/bus';
import type {
  PortfolioRiskRow,
  QuikTradeRepository,
  RiskPositionRow,
  WatchedProtection,
  WatchRows,
} from './quiktrade.repository';
import { parseRule, type ParsedRule } from './rule-watch';

/** What the engine watches of one account, as the database had it when the account was last read. */
export interface WatchedAccount {
  accountId: string;
  /** Every position of the account, open or closed (the closed ones' realised P&L counts in the MTM). */
  positions: RiskPositionRow[];
  /** The same per mode. */
  byMode: Record<'paper' | 'live', RiskPositionRow[]>;
  /** Whether a position is open. */
  open: boolean;
  /** Untriggered protections of open positions: watched on every tick of their instrument. */
  protections: WatchedProtection[];
  /** Triggered protections of open positions whose exit was not placed: placed again on every pass. */
  unfinishedExits: WatchedProtection[];
  /** Armed portfolio risks, and triggered ones whose exits were not all placed. */
  portfolios: PortfolioRiskRow[];
  dailyLossLimit: number | null;
  /** Armed rules, and fired ones whose orders were neither placed nor refused (parsed once, when read). */
  rules: ParsedRule[];
}

/** The bus channel on which every process tells the others that what the engine watches of an account changed. */
export const WATCH_CHANGES_CHANNEL = 'quiktrade.watch-changed';

/** What the watch index is built from. */
export interface WatchIndexDeps {
  repository: QuikTradeRepository;
  logger: FastifyBaseLogger;
  /** The bus the processes share; without it, only changes told to this index reach it (one process). */
  bus?: Bus;
}

function accountsOf(rows: WatchRows, ids: Iterable<string>): Map<string, WatchedAccount> {
  const accounts = new Map<string, WatchedAccount>();
  const of = (accountId: string): WatchedAccount => {
    let account = accounts.get(accountId);
    if (!account) {
      account = {
        accountId,
        positions: [],
        byMode: { paper: [], live: [] },
        open: false,
        protections: [],
        unfinishedExits: [],
        portfolios: [],
        dailyLossLimit: null,
        rules: [],
      };
      accounts.set(accountId, account);
    }
    return account;
  };
  // An account read and found empty is still known: its old entries must go.
  for (const id of ids) of(id);
  const positions = new Map<string, RiskPositionRow>();
  for (const position of rows.positions) {
    const account = of(position.accountId);
    account.positions.push(position);
    account.byMode[position.mode].push(position);
    if (position.quantity !== 0) account.open = true;
    positions.set(position.id, position);
  }
  for (const protection of rows.protections) {
    const position = positions.get(protection.positionId);
    // A closed position has nothing to protect (a later fill opens it again and tells the index).
    if (!position || position.quantity === 0) continue;
    const account = of(position.accountId);
    if (protection.triggeredAt === null) account.protections.push({ protection, position });
    else if (protection.exitIntentId === null) account.unfinishedExits.push({ protection, position });
  }
  for (const risk of rows.portfolios) of(risk.accountId).portfolios.push(risk);
  for (const { accountId, dailyLossLimit } of rows.lossLimits) of(accountId).dailyLossLimit = dailyLossLimit;
  for (const row of rows.rules) {
    // A stored rule that no longer parses is skipped, never fired on a guess.
    const rule = parseRule(row);
    if (rule) of(row.accountId).rules.push(rule);
  }
  return accounts;
}

/**
 * The risk engine's watched set in memory: positions with their protection, portfolio risks, daily loss limits and
 * rules per account, indexed by the instrument of every open position. Read whole once at start; afterwards an
 * account is read again only when something tells the index it changed — this process's order path, risk API and
 * engine through `changed`, other processes through the bus — so a pass in which nothing changed reads nothing.
 * The database stays the truth: every trigger is still claimed there before anything is placed.
 */
export function createWatchIndex(deps: WatchIndexDeps) {
  const { repository, logger, bus } = deps;
  const origin = randomUUID();
  const accounts = new Map<string, WatchedAccount>();
  // Accounts holding an open position on an instrument.
  const holders = new Map<number, Set<string>>();
  // Accounts with work left from a claim (an exit or rule orders not placed): finished on every pass.
  const unfinished = new Set<string>();
  // Accounts with a watched rule.
  const ruleAccounts = new Set<string>();
  // Accounts to read again before the next pass.
  const dirty = new Set<string>();
  let started: Promise<void> | undefined;
  let unsubscribe: Unsubscribe | undefined;

  function forget(accountId: string): void {
    const old = accounts.get(accountId);
    if (!old) return;
    for (const position of old.positions) {
      if (position.quantity === 0) continue;
      const set = holders.get(position.instrumentToken);
      set?.delete(accountId);
      if (set?.size === 0) holders.delete(position.instrumentToken);
    }
    accounts.delete(accountId);
    unfinished.delete(accountId);
    ruleAccounts.delete(accountId);
  }

  function remember(account: WatchedAccount): void {
    const { accountId } = account;
    forget(accountId);
    const watched =
      account.protections.length > 0 ||
      account.unfinishedExits.length > 0 ||
      account.portfolios.length > 0 ||
      account.rules.length > 0 ||
      (account.dailyLossLimit !== null && account.open);
    if (!watched) return;
    accounts.set(accountId, account);
    for (const position of account.positions) {
      if (position.quantity === 0) continue;
      let set = holders.get(position.instrumentToken);
      if (!set) holders.set(position.instrumentToken, (set = new Set()));
      set.add(accountId);
    }
    const rulesUnfinished = account.rules.some((r) => !r.row.armed);
    const portfoliosUnfinished = account.portfolios.some((p) => !p.armed);
    if (account.unfinishedExits.length > 0 || rulesUnfinished || portfoliosUnfinished) unfinished.add(accountId);
    if (account.rules.length > 0) ruleAccounts.add(accountId);
  }

  async function load(): Promise<void> {
    if (bus) {
      unsubscribe = await bus.subscribe(WATCH_CHANGES_CHANNEL, (message) => {
        try {
          const told = JSON.parse(message) as { origin?: unknown; accountId?: unknown };
          if (told.origin !== origin && typeof told.accountId === 'string') dirty.add(told.accountId);
        } catch (error) {
          logger.warn({ err: error }, 'unreadable watch change message');
        }
      });
    }
    // Changes told from here on are read again on the next pass; the read below sees everything before them.
    const rows = await repository.watchRows(null);
    for (const account of accountsOf(rows, []).values()) remember(account);
  }

  return {
    /** Reads the whole watched set (once; a failed read is tried again on the next call). */
    async start(): Promise<void> {
      started ??= load().catch(async (error: unknown) => {
        started = undefined;
        await unsubscribe?.();
        unsubscribe = undefined;
        throw error;
      });
      await started;
    },

    /**
     * What the engine watches of `accountId` changed in the database (written and committed by the caller): read
     * again before the next pass, here and — through the bus — in every other process.
     */
    async changed(accountId: string): Promise<void> {
      // Before the start the whole read will see it (a process that never runs the engine keeps nothing).
      if (started) dirty.add(accountId);
      if (!bus) return;
      try {
        await bus.publish(WATCH_CHANGES_CHANNEL, JSON.stringify({ origin, accountId }));
      } catch (error) {
        logger.error({ err: error, accountId }, 'watch change could not be published');
      }
    },

    /** Reads again the accounts told changed since the last call; returns them (nothing is read when none). */
    async refresh(): Promise<string[]> {
      if (dirty.size === 0) return [];
      const ids = [...dirty];
      dirty.clear();
      try {
        const rows = await repository.watchRows(ids);
        for (const account of accountsOf(rows, ids).values()) remember(account);
      } catch (error) {
        for (const id of ids) dirty.add(id);
        throw error;
      }
      return ids;
    },

    account: (accountId: string): WatchedAccount | undefined => accounts.get(accountId),
    /** Every watched account id. */
    accountIds: (): IterableIterator<string> => accounts.keys(),
    /** Every watched account. */
    accounts: (): IterableIterator<WatchedAccount> => accounts.values(),
    /** Instruments of open positions and the accounts holding each. */
    holders: (): ReadonlyMap<number, ReadonlySet<string>> => holders,
    /** Accounts with an exit or rule orders left to place after a claim. */
    unfinished: (): ReadonlySet<string> => unfinished,
    /** Every watched rule. */
    *rules(): Generator<ParsedRule> {
      for (const id of ruleAccounts) yield* accounts.get(id)?.rules ?? [];
    },

    /** Stops listening to the other processes. */
    async close(): Promise<void> {
      await unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

/** The risk engine's in-memory watched set. */
export type WatchIndex = ReturnType<typeof createWatchIndex>;
