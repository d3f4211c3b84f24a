import type { FanOutResult, OrderLineInput, OrderView } from '@fnodesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { NIFTY_CALL_LINE, orderViewFixture, tradingAccount } from '../test/trading-fixtures';
import { useTerminalOrders } from './use-terminal-orders';

const KITE_1 = tradingAccount();
const FAN_OUT = 'POST /api/v1/quiktrade/fan-out';
const BULK = 'POST /api/v1/brokers/kite-1/bulk-orders';

const LINE: OrderLineInput = { ...NIFTY_CALL_LINE, mode: 'live' };
const order = orderViewFixture;

const FAN_OUT_ANSWER: FanOutResult = {
  mode: 'live',
  results: [
    { brokerId: 'kite-1', userName: 'AB1234', multiplier: 1, status: 'placed', reason: null, orders: [order()] },
    {
      brokerId: 'kite-2',
      userName: 'CD5678',
      multiplier: 2,
      status: 'rejected',
      reason: 'Insufficient funds. Required margin is 95,000.00',
      orders: [order({ id: 'o-2', quantity: 130, status: 'REJECTED' })],
    },
  ],
};

let api: ApiMock;

function renderOrders(fanOut: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTerminalOrders(KITE_1, fanOut), { wrapper });
}

beforeEach(() => {
  api = mockApi({
    [FAN_OUT]: { data: FAN_OUT_ANSWER },
    [BULK]: { data: { orders: [order()] } },
  });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'warning');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the terminal’s one-click orders with two accounts enabled (fan-out on)', () => {
  it('sends the click to quiktrade/fan-out with its origin and an Idempotency-Key, not to bulk-orders', async () => {
    const { result } = renderOrders(true);
    let placed: readonly OrderView[] = [];
    await act(async () => {
      placed = await result.current.send([LINE], 'chain', { fanOut: true });
    });
    expect(api.calls(BULK)).toHaveLength(0);
    const [sent] = api.calls(FAN_OUT);
    expect(sent?.body).toMatchObject({ line: { tradingSymbol: LINE.tradingSymbol, quantity: 65 }, origin: 'chain' });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    // The selected account's orders come back; the other account's rejection is kept for the results panel.
    expect(placed.map((o) => o.id)).toEqual(['o-1']);
    expect(result.current.fanOutReport?.lines[0]?.result?.results.map((r) => r.status)).toEqual(['placed', 'rejected']);
    expect(toast.warning).toHaveBeenCalledWith(
      'Fan-out: 1 placed, 1 rejected (CD5678: Insufficient funds. Required margin is 95,000.00).',
    );
  });

  it('sends one fan-out request per line of a straddle, in order, each with its own key', async () => {
    const { result } = renderOrders(true);
    const put = { ...LINE, tradingSymbol: 'NIFTY26DEC24000PE' };
    await act(async () => {
      await result.current.send([LINE, put], 'straddle', { fanOut: true });
    });
    const calls = api.calls(FAN_OUT);
    expect(calls.map((c) => (c.body as { line: OrderLineInput }).line.tradingSymbol)).toEqual([
      'NIFTY26DEC24000CE',
      'NIFTY26DEC24000PE',
    ]);
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('resends a fan-out lost on the way with the same key', async () => {
    let attempts = 0;
    api.on(FAN_OUT, () => (attempts++ === 0 ? { networkError: true } : { data: FAN_OUT_ANSWER }));
    const { result } = renderOrders(true);
    await act(async () => {
      await result.current.send([LINE], 'chain', { fanOut: true });
    });
    const keys = api.calls(FAN_OUT).map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('keeps exits and adjustments on the selected account (bulk-orders)', async () => {
    const { result } = renderOrders(true);
    await act(async () => {
      await result.current.send([{ ...LINE, transactionType: 'SELL' }], 'adjustment');
    });
    expect(api.calls(FAN_OUT)).toHaveLength(0);
    expect(api.calls(BULK)).toHaveLength(1);
  });

  it('shows a fan-out refused as a whole as an error, with nothing placed', async () => {
    api.on(FAN_OUT, {
      status: 402,
      error: 'You do not have a valid plan. Please purchase a plan to use the product.',
      errorCode: 'PLAN_REQUIRED',
    });
    const { result } = renderOrders(true);
    await act(async () => {
      await result.current.send([LINE], 'chain', { fanOut: true });
    });
    expect(toast.error).toHaveBeenCalledWith(
      'Fan-out: 0 placed. Not sent: You do not have a valid plan. Please purchase a plan to use the product.',
    );
    expect(result.current.fanOutReport?.lines[0]?.error).toContain('valid plan');
  });
});

describe('the terminal’s one-click orders with one account enabled (or the fan-out off)', () => {
  it('sends the click to the account’s bulk-orders exactly as before', async () => {
    const { result } = renderOrders(false);
    await act(async () => {
      await result.current.send([LINE], 'chain', { fanOut: true });
    });
    expect(api.calls(FAN_OUT)).toHaveLength(0);
    const [sent] = api.calls(BULK);
    expect(sent?.body).toMatchObject({ priorityType: 'broker-config', origin: 'chain', orders: [{ quantity: 65 }] });
    expect(sent?.headers.get('idempotency-key')).not.toBeNull();
    expect(result.current.fanOutReport).toBeNull();
  });
});
