import {
  TRADING_MESSAGES,
  tradesLive,
  type BrokerAccount,
  type FeedTick,
  type Instrument,
  type OrderView,
  type PositionView,
  type TradingMode,
} from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, ButtonGroup, Form, Modal, Nav, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { oncePerFrame } from '../../../lib/feed/use-frame-ticks';
import { useHeldTicks } from '../../../lib/feed/use-ticks';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { useMarketDataPage, type MarketDataPageSettings } from '../../../lib/market/use-market-data-page';
import { useOptionalOrderWindow } from '../../../lib/trading/order-window-context';
import { useDataQuery } from '../../../lib/use-data-query';
import { useUserSession } from '../../../lib/use-session';
import { useSaveDocument, useUserDocument } from '../../../lib/user-documents';
import { useOrderBook, usePositionBook } from '../api/trading-queries';
import { useTerminalOrders } from '../hooks/use-terminal-orders';
import { useTradingEvents } from '../hooks/use-trading-events';
import { fanOutStorageKey, terminalFanOutAccounts } from '../utils/fan-out';
import { ARM_STORAGE_KEY, HOTKEYS, hotkeyAction, hotkeyLots } from '../utils/terminal-hotkeys';
import { clickLine, exitLine, positionLots, positionsToExit } from '../utils/terminal-orders';
import { includesAdvancedTrading, instrumentRefusal, mayTradeLive, type TradePlan } from '@fnodesk/contracts';
import {
  resolveTradeDefaults,
  TERMINAL_DEFAULTS,
  TERMINAL_SETTINGS_KEY,
  tradeSettingsKey,
} from '../utils/terminal-settings';
import { FanOutControl, FanOutResultsPanel } from './fan-out-panel';
import { TerminalBottomPanels } from './terminal-bottom-panels';
import type { TerminalBasketRow } from '../utils/terminal-basket';
import { TerminalChainTab } from './terminal-chain-tab';
import { TerminalPairTab } from './terminal-pair-tab';
import { TerminalPositionsTab } from './terminal-positions-tab';
import type { ListedStrike, TerminalSession, TerminalTab } from './terminal-session';

const NAME_KEY = 'fnodesk.quiktrade.name';
const ONE_CLICK_KEY = 'fnodesk.quiktrade.oneClick';
const DEFAULT_STRIKES = 5;
const NO_TOKENS: readonly number[] = [];

/** Props of {@link QuikTradeTerminal}. */
export interface QuikTradeTerminalProps extends MarketDataPageSettings {
  plan: TradePlan;
  /** The F&O risk disclosure accepted on first use. */
  disclosure: string;
  /** Opens the Upgrade Now popup (a Pro feature clicked on Scalper). */
  onUpgrade: () => void;
  /** Tabs appended after the built-in ones (e.g. Rules), given the session. */
  extraTabs?: (session: TerminalSession) => readonly TerminalTab[];
}

/**
 * /pages/trading, the QuikTrade terminal (trading.md §5): the risk disclosure on first use; the account, its mode,
 * the underlying and expiry with live spot and future; the Chain, Straddle, Strangle and Positions tabs; orders,
 * trades, closed positions, logs and funds below; arrow keys behind ARM, F6 exit all and F7 cancel all.
 */
export function QuikTradeTerminal(props: QuikTradeTerminalProps) {
  const orderWindow = useOptionalOrderWindow();
  const accounts = orderWindow?.accounts ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const account = accounts.find((candidate) => candidate.id === chosenId) ?? accounts[0] ?? null;
  const terminalDoc = useUserDocument('trade-settings', TERMINAL_SETTINGS_KEY);
  const save = useSaveDocument('trade-settings');
  const accepted = terminalDoc.data?.data.riskDisclosureAcceptedAt !== undefined;
  if (account === null) {
    return (
      <Alert variant="warning" className="mb-0">
        <p className="mb-1">{orderWindow?.refusal?.message ?? 'No broker account is logged in for trading.'}</p>
        <Link to={orderWindow?.refusal?.href ?? '/trading/broker-accounts'}>
          {orderWindow?.refusal?.linkText ?? 'Open the Broker List'}
        </Link>
      </Alert>
    );
  }
  return (
    <>
      <Modal show={terminalDoc.isSuccess && !accepted} backdrop="static" keyboard={false} centered>
        <Modal.Header>
          <Modal.Title as="h2" className="fs-5">
            Risk Disclosure
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{props.disclosure}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button
            disabled={save.isPending}
            onClick={() =>
              save.mutate({
                key: TERMINAL_SETTINGS_KEY,
                data: {
                  ...(terminalDoc.data?.data ?? TERMINAL_DEFAULTS),
                  riskDisclosureAcceptedAt: new Date().toISOString(),
                },
              })
            }
          >
            I Understand
          </Button>
        </Modal.Footer>
      </Modal>
      <TerminalBody
        key={account.id}
        {...props}
        account={account}
        accounts={accounts}
        onAccount={setChosenId}
        keysEnabled={accepted}
      />
    </>
  );
}

interface TerminalBodyProps extends QuikTradeTerminalProps {
  account: BrokerAccount;
  accounts: readonly BrokerAccount[];
  onAccount: (id: string) => void;
  /** Keys work once the disclosure is accepted. */
  keysEnabled: boolean;
}

function TerminalBody(props: TerminalBodyProps) {
  const { account, plan } = props;
  const liveCapable = tradesLive(account.type);
  const [mode, setMode] = useState<TradingMode>('paper');
  const [storedName, setStoredName] = useState(() => readStoredItem(NAME_KEY) ?? 'NIFTY');
  const [chosenExpiry, setChosenExpiry] = useState<string | null>(null);
  const [strikes, setStrikes] = useState(DEFAULT_STRIKES);
  const [oneClick, setOneClick] = useState(() => readStoredItem(ONE_CLICK_KEY) === 'yes');
  const [armed, setArmed] = useState(() => readStoredItem(ARM_STORAGE_KEY) === 'on');
  const [basketRows, setBasketRows] = useState<readonly TerminalBasketRow[]>([]);
  const [tabId, setTabId] = useState('chain');
  const [helpShown, setHelpShown] = useState(false);

  const underlyings = useDataQuery('search', { query: '' });
  const choices = useMemo(
    () =>
      (underlyings.data?.data ?? []).map((instrument) => ({
        name: instrument.name,
        refusal: instrumentRefusal(plan, instrument.name, instrument.instrumentType === 'INDEX'),
      })),
    [underlyings.data, plan],
  );
  // A stored underlying the plan does not include gives way to NIFTY (every plan trades it).
  const storedChoice = choices.find((choice) => choice.name === storedName);
  const allowed =
    storedChoice === undefined
      ? choices.length === 0 && instrumentRefusal(plan, storedName, true) === null
      : storedChoice.refusal === null;
  const name = allowed ? storedName : 'NIFTY';
  const expiries = useDataQuery('get_option_expiry', { name });
  const expiryList = expiries.data?.data.expiries ?? [];
  const expiry = expiryList.find((candidate) => candidate.date === chosenExpiry)?.date ?? expiryList[0]?.date ?? null;

  const settingsDoc = useUserDocument('trade-settings', tradeSettingsKey(account.id, mode));
  const defaults = useMemo(
    () => resolveTradeDefaults(settingsDoc.data?.data ?? null, name, expiry),
    [settingsDoc.data, name, expiry],
  );

  const chainQuery = useDataQuery('option_chain', expiry === null ? null : { name, expiry, strikes, atm: 'Spot' }, {
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const answer = chainQuery.data;
  const chain = answer?.data;
  const listedQuery = useDataQuery('get_option_chain_instruments', expiry === null ? null : { name, expiry });
  const listed = useMemo<readonly ListedStrike[]>(() => listedQuery.data?.data.strikes ?? [], [listedQuery.data]);
  const instrumentsByToken = useMemo(() => {
    const map = new Map<number, Instrument>();
    for (const row of listed) {
      map.set(row.ce.instrumentToken, row.ce);
      map.set(row.pe.instrumentToken, row.pe);
    }
    return map;
  }, [listed]);

  const optionTokens = useMemo(
    () => (chain === undefined ? [] : chain.rows.flatMap((row) => [row.ce.token, row.pe.token])),
    [chain],
  );
  const tokens = useMemo(
    () => (chain === undefined ? [] : [chain.spotToken, chain.futToken, ...optionTokens]),
    [chain, optionTokens],
  );
  const refetch = chainQuery.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil: chain?.at,
    dataAt: chain?.at,
    tokens,
    ticks: 'frame',
    refresh,
    clock: props.clock,
    refreshMs: props.refreshMs,
    replay: props.replay,
    alwaysOpen: props.alwaysOpen,
  });
  // Bid and ask come with the depth of full ticks.
  const depth = useHeldTicks(optionTokens, 'full', page.mode === 'live', oncePerFrame);
  const ticks = useMemo(() => {
    const merged = new Map<number, FeedTick>(page.ticks.ticks);
    for (const [token, tick] of depth.ticks) {
      const quote = merged.get(token);
      if (quote === undefined || tick.ts >= quote.ts) merged.set(token, tick);
    }
    return merged;
  }, [page.ticks.ticks, depth.ticks]);
  useEffect(() => {
    // Spec §8: a failed update is only logged; what is shown stays.
    // eslint-disable-next-line no-console -- the browser console is where failed data updates are reported.
    if (chainQuery.error !== null) console.warn('[quiktrade] chain not loaded', chainQuery.error);
  }, [chainQuery.error]);

  const spot = chain === undefined ? null : (ticks.get(chain.spotToken)?.lp ?? chain.summary.spot);
  const future = chain === undefined ? null : (ticks.get(chain.futToken)?.lp ?? chain.summary.futures);
  const atmStrike = useMemo(() => {
    if (chain === undefined) return null;
    if (spot === null || chain.rows.length === 0) return chain.atmStrike;
    return chain.rows.reduce(
      (best, row) => (Math.abs(row.strike - spot) < Math.abs(best - spot) ? row.strike : best),
      chain.rows[0]?.strike ?? 0,
    );
  }, [chain, spot]);
  const servedLtp = useMemo(() => {
    const map = new Map<number, number | null>();
    for (const row of chain?.rows ?? []) {
      map.set(row.ce.token, row.ce.ltp);
      map.set(row.pe.token, row.pe.ltp);
    }
    return map;
  }, [chain]);

  // Two or more accounts of the terminal's mode enabled for trading: one-click entries fan out to all of them
  // unless the user turned the fan-out off (remembered per user).
  const userId = useUserSession()?.userID ?? 'anonymous';
  const fanOutTargets = useMemo(
    () => terminalFanOutAccounts(props.accounts, account.id, mode),
    [props.accounts, account.id, mode],
  );
  const [fanOutOn, setFanOutOn] = useState(() => readStoredItem(fanOutStorageKey(userId)) !== 'off');
  const orders = useTerminalOrders(account, fanOutTargets !== null && fanOutOn);
  const { onUpgrade } = props;
  const advancedOk = includesAdvancedTrading(plan);
  const session = useMemo<TerminalSession>(
    () => ({
      account,
      mode,
      plan,
      name,
      expiry,
      defaults,
      chain,
      chainError: chainQuery.error,
      listed,
      ticks,
      spot,
      atmStrike,
      contractOf: (token) => {
        const instrument = instrumentsByToken.get(token);
        if (instrument === undefined) return null;
        return {
          exchange: instrument.exchange as 'NFO' | 'BFO',
          tradingSymbol: instrument.tradingSymbol,
          lotSize: instrument.lotSize,
          tickSize: instrument.tickSize,
          ltp: ticks.get(token)?.lp ?? servedLtp.get(token) ?? null,
        };
      },
      orders,
      advanced: (run) => (advancedOk ? run() : onUpgrade()),
    }),
    [
      account,
      mode,
      plan,
      name,
      expiry,
      defaults,
      chain,
      chainQuery.error,
      listed,
      ticks,
      spot,
      atmStrike,
      instrumentsByToken,
      servedLtp,
      orders,
      advancedOk,
      onUpgrade,
    ],
  );

  // Order events reload the books whichever tab is open, so the panels below update without a reload.
  useTradingEvents(account.id, NO_TOKENS);
  // The keys act on the latest state without re-binding on every tick.
  const positions = usePositionBook(account.id);
  const orderBook = useOrderBook(account.id);
  const latest = useRef<{
    session: TerminalSession;
    armed: boolean;
    positions: readonly PositionView[];
    orders: readonly OrderView[];
  } | null>(null);
  const positionList = positions.data?.positions;
  const orderList = orderBook.data?.orders;
  useEffect(() => {
    latest.current = { session, armed, positions: positionList ?? [], orders: orderList ?? [] };
  }, [session, armed, positionList, orderList]);
  const lastTradeAt = useRef<number | null>(null);
  const keysEnabled = props.keysEnabled;
  useEffect(() => {
    if (!keysEnabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const now = performance.now();
      const state = latest.current;
      if (state === null) return;
      const action = hotkeyAction(event.key, target, { armed: state.armed, now, lastTradeAt: lastTradeAt.current });
      if (action === null) return;
      event.preventDefault();
      const current = state.session;
      if (action.kind === 'help') {
        setHelpShown((shown) => !shown);
      } else if (action.kind === 'exit-all') {
        const open = positionsToExit(state.positions, 'all');
        void current.orders.send(
          open.map((position) => exitLine(position, positionLots(position), current.mode)),
          'chain',
        );
      } else if (action.kind === 'cancel-all') {
        void current.orders.cancelAll(state.orders);
      } else {
        const row = current.chain?.rows.find((candidate) => candidate.strike === current.atmStrike);
        if (row === undefined) return;
        const contract = current.contractOf(action.type === 'CE' ? row.ce.token : row.pe.token);
        if (contract === null) return;
        lastTradeAt.current = now;
        const line = clickLine(
          contract,
          action.side,
          hotkeyLots(current.defaults.lotsPerClick),
          current.defaults,
          current.mode,
        );
        void current.orders.send([line], 'chain', { fanOut: true });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keysEnabled]);

  const builtIn: TerminalTab[] = [
    {
      id: 'chain',
      label: 'Chain',
      element: (
        <TerminalChainTab
          session={session}
          strikes={strikes}
          onStrikes={setStrikes}
          oneClick={oneClick}
          onOneClick={(on) => {
            setOneClick(on);
            writeStoredItem(ONE_CLICK_KEY, on ? 'yes' : 'no');
          }}
          basket={{ rows: basketRows, setRows: (update) => setBasketRows((rows) => update(rows)) }}
        />
      ),
    },
    {
      id: 'straddle',
      label: 'Straddle',
      locked: !advancedOk,
      element: <TerminalPairTab session={session} kind="straddle" />,
    },
    {
      id: 'strangle',
      label: 'Strangle',
      locked: !advancedOk,
      element: <TerminalPairTab session={session} kind="strangle" />,
    },
    { id: 'positions', label: 'Positions', element: <TerminalPositionsTab session={session} /> },
  ];
  const tabs = [...builtIn, ...(props.extraTabs?.(session) ?? [])];
  const active = tabs.find((tab) => tab.id === tabId && tab.locked !== true) ?? tabs[0];

  const change = (live: number | null, served: number | null, servedChange: number | null) => {
    if (live === null || served === null || servedChange === null) return null;
    const previous = served - servedChange;
    return { points: live - previous, percent: previous === 0 ? 0 : ((live - previous) / previous) * 100 };
  };
  const quote = (label: string, live: number | null, moved: { points: number; percent: number } | null) => (
    <span className="small" data-testid={`terminal-${label.toLowerCase()}`}>
      {label} <strong>{live === null ? '—' : formatIndianNumber(live, 2)}</strong>{' '}
      {moved !== null && (
        <span className={moved.points >= 0 ? 'text-success' : 'text-danger'}>
          {moved.points >= 0 ? '+' : ''}
          {formatIndianNumber(moved.points, 2)} ({moved.percent.toFixed(2)}%)
        </span>
      )}
    </span>
  );
  const planNote =
    plan === 'free'
      ? TRADING_MESSAGES.freePlanNiftyOnly
      : plan === 'scalper'
        ? TRADING_MESSAGES.scalperIndicesOnly
        : null;

  return (
    <div className="d-flex flex-column gap-3 min-w-0 mw-100" data-testid="quiktrade-terminal">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="h4 mb-0 me-auto">QuikTrade</h1>
        <Form.Select
          size="sm"
          className="w-auto mw-100"
          aria-label="Account"
          value={account.id}
          onChange={(event) => props.onAccount(event.currentTarget.value)}
        >
          {props.accounts.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.type} · {candidate.name} ({candidate.userName})
            </option>
          ))}
        </Form.Select>
        <ButtonGroup size="sm" aria-label="Trading mode">
          <Button variant={mode === 'paper' ? 'secondary' : 'outline-secondary'} onClick={() => setMode('paper')}>
            Paper
          </Button>
          {liveCapable && (
            <Button
              variant={mode === 'live' ? 'danger' : 'outline-danger'}
              disabled={!mayTradeLive(plan)}
              title={mayTradeLive(plan) ? undefined : TRADING_MESSAGES.freePlanPaperOnly}
              onClick={() => setMode('live')}
            >
              Live
            </Button>
          )}
        </ButtonGroup>
        {fanOutTargets !== null && (
          <FanOutControl
            accounts={fanOutTargets}
            on={fanOutOn}
            onChange={(on) => {
              setFanOutOn(on);
              writeStoredItem(fanOutStorageKey(userId), on ? 'on' : 'off');
            }}
          />
        )}
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Instrument"
          value={name}
          onChange={(event) => {
            setStoredName(event.currentTarget.value);
            writeStoredItem(NAME_KEY, event.currentTarget.value);
            setChosenExpiry(null);
            setBasketRows([]);
          }}
        >
          {choices.length === 0 && <option value={name}>{name}</option>}
          {choices.map((choice) => (
            <option
              key={choice.name}
              value={choice.name}
              disabled={choice.refusal !== null}
              title={choice.refusal ?? undefined}
            >
              {choice.name}
              {choice.refusal !== null ? ' — upgrade to trade' : ''}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Expiry"
          value={expiry ?? ''}
          onChange={(event) => setChosenExpiry(event.currentTarget.value)}
        >
          {expiryList.map((candidate) => (
            <option key={candidate.date} value={candidate.date}>
              {candidate.date}
            </option>
          ))}
        </Form.Select>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3">
        {quote('Spot', spot, change(spot, chain?.summary.spot ?? null, chain?.summary.spotChange ?? null))}
        {quote('Future', future, change(future, chain?.summary.futures ?? null, chain?.summary.futuresChange ?? null))}
        <Form.Check
          type="switch"
          id="terminal-arm"
          className="ms-auto mb-0"
          aria-label="ARM"
          label={armed ? 'ARMED: arrows trade' : 'ARM keys'}
          checked={armed}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setArmed(on);
            writeStoredItem(ARM_STORAGE_KEY, on ? 'on' : 'off');
            // The switch keeps no focus, so the arrows reach the terminal at once.
            event.currentTarget.blur();
          }}
        />
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label="Keyboard shortcuts"
          onClick={() => setHelpShown(true)}
        >
          ?
        </Button>
      </div>
      {planNote !== null && <p className="small text-body-secondary mb-0">{planNote}</p>}
      {orders.fanOutReport !== null && (
        <FanOutResultsPanel
          key={orders.fanOutReport.id}
          report={orders.fanOutReport}
          accounts={props.accounts}
          lotSizeOf={(token) => instrumentsByToken.get(token)?.lotSize ?? null}
          onDismiss={orders.dismissFanOutReport}
        />
      )}
      {mode === 'live' && (
        <Alert variant="danger" className="py-1 px-2 small mb-0">
          {fanOutTargets !== null && fanOutOn
            ? `Live: one-click orders go to ${fanOutTargets.length} accounts at their brokers, each at its multiplier.`
            : `Live: orders go to ${account.name} (${account.userName}) at the broker.`}
        </Alert>
      )}
      <Nav
        variant="tabs"
        activeKey={active?.id}
        onSelect={(key) => {
          const tab = tabs.find((candidate) => candidate.id === key);
          if (tab === undefined) return;
          if (tab.locked === true) onUpgrade();
          else setTabId(tab.id);
        }}
      >
        {tabs.map((tab) => (
          <Nav.Item key={tab.id}>
            <Nav.Link eventKey={tab.id}>{tab.label}</Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {active?.element}
      <TerminalBottomPanels account={account} />
      <Modal show={helpShown} onHide={() => setHelpShown(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="fs-5">
            Keyboard shortcuts
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Table size="sm" className="mb-2">
            <tbody>
              {HOTKEYS.map((hotkey) => (
                <tr key={hotkey.key}>
                  <th scope="row">
                    <kbd>{hotkey.label}</kbd>
                  </th>
                  <td>{hotkeyText(hotkey.action)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p className="small text-body-secondary mb-0">
            The arrows trade the ATM strike with the default lots (at most 20) only while ARM is on, once per 750 ms. F6
            and F7 work armed or not. No key acts while you type in a field.
          </p>
        </Modal.Body>
      </Modal>
    </div>
  );
}

function hotkeyText(action: (typeof HOTKEYS)[number]['action']): string {
  switch (action.kind) {
    case 'trade':
      return `${action.side === 'BUY' ? 'Buy' : 'Sell'} the ATM ${action.type}`;
    case 'exit-all':
      return 'Exit all positions';
    case 'cancel-all':
      return 'Cancel all open orders';
    case 'help':
      return 'Show or hide this list';
  }
}
