import { QueryClient, useMutation, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { cancelOrder, modifyOrder, newIdempotencyKey, placeBulkOrders, retryLostOrderRequest } from './place-orders';

const fetchMock = vi.fn<typeof fetch>();

const placed = () =>
  new Response(JSON.stringify({ code: 200, data: { orders: [] } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const keysSent = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

const LINE = {
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26NOV24000CE',
  orderType: 'MARKET',
  transactionType: 'BUY',
  product: 'MIS',
  quantity: 65,
} as const;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('order requests carry an Idempotency-Key', () => {
  it('sends the key of the action on place, modify and cancel', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(placed()));
    await placeBulkOrders('b1', [LINE], { idempotencyKey: 'key-place' });
    await modifyOrder('b1', 'o1', { price: 10 }, 'key-modify').catch(() => undefined);
    await cancelOrder('b1', 'o1', 'key-cancel');
    expect(keysSent()).toEqual(['key-place', 'key-modify', 'key-cancel']);
  });

  it('gives each user action a new UUID', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('retries a request lost on the way with the same key, and never one the server answered', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network down')).mockResolvedValueOnce(placed());
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: (key: string) => placeBulkOrders('b1', [LINE], { idempotencyKey: key }),
          retry: retryLostOrderRequest,
          retryDelay: 0,
        }),
      { wrapper },
    );
    result.current.mutate('key-once');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(keysSent()).toEqual(['key-once', 'key-once']);

    const answered = new ApiError({ status: 409, errorCode: 'ORDER_NOT_MODIFIABLE', message: 'no' });
    expect(retryLostOrderRequest(0, answered)).toBe(false);
    expect(retryLostOrderRequest(2, new ApiError({ status: 0, errorCode: 'NETWORK', message: 'x' }))).toBe(false);
  });
});
