import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { dataQueryKey, fetchData, useDataQuery } from './use-data-query';

const EXPIRIES = {
  name: 'NIFTY',
  expiries: [
    { date: '2026-11-24', formattedDate: '24-Nov-2026', series: 'weekly', shiftedForHoliday: false, expiresAt: 1 },
  ],
  futureExpiries: [],
};

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function Expiries({ label, name }: { label: string; name: string }) {
  const query = useDataQuery('get_option_expiry', { name });
  return <p>{`${label}: ${query.data?.data.expiries[0]?.formattedDate ?? 'loading'}`}</p>;
}

function Chain({
  label,
  params,
}: {
  label: string;
  params: { name: string; expiry: string; strikes: number | string };
}) {
  const query = useDataQuery('option_chain', params, { retry: false });
  return <p>{`${label}: ${query.isError ? 'error' : query.isPending ? 'loading' : 'done'}`}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useDataQuery', () => {
  it('two components asking for the same operation and params share one request', async () => {
    const api = mockApi({ 'GET /data/v1/get_option_expiry': { data: EXPIRIES } });
    render(
      <>
        <Expiries label="first" name="NIFTY" />
        <Expiries label="second" name="NIFTY" />
      </>,
      { wrapper: wrapper(newClient()) },
    );
    expect(await screen.findByText('first: 24-Nov-2026')).toBeInTheDocument();
    expect(screen.getByText('second: 24-Nov-2026')).toBeInTheDocument();
    expect(api.calls('GET /data/v1/get_option_expiry')).toHaveLength(1);
    expect(api.calls('GET /data/v1/get_option_expiry')[0]?.query.get('name')).toBe('NIFTY');
  });

  it('params written in another order or as numbers instead of text make the same request', async () => {
    const api = mockApi({ 'GET /data/v1/option_chain': { status: 500, error: 'x', errorCode: 'INTERNAL' } });
    render(
      <>
        <Chain label="a" params={{ name: 'NIFTY', expiry: '2026-11-24', strikes: 5 }} />
        <Chain label="b" params={{ strikes: '5', expiry: '2026-11-24', name: 'NIFTY' }} />
      </>,
      { wrapper: wrapper(newClient()) },
    );
    await waitFor(() => expect(screen.getByText('a: error')).toBeInTheDocument());
    expect(screen.getByText('b: error')).toBeInTheDocument();
    expect(api.calls('GET /data/v1/option_chain')).toHaveLength(1);
    expect(dataQueryKey('option_chain', { strikes: 5, name: 'NIFTY', expiry: '2026-11-24' })).toEqual(
      dataQueryKey('option_chain', { name: 'NIFTY', expiry: '2026-11-24', strikes: '5' }),
    );
  });

  it('different params are different requests', async () => {
    const api = mockApi({ 'GET /data/v1/get_option_expiry': { data: EXPIRIES } });
    render(
      <>
        <Expiries label="nifty" name="NIFTY" />
        <Expiries label="bank" name="BANKNIFTY" />
      </>,
      { wrapper: wrapper(newClient()) },
    );
    await screen.findByText('bank: 24-Nov-2026');
    await screen.findByText('nifty: 24-Nov-2026');
    expect(
      api
        .calls('GET /data/v1/get_option_expiry')
        .map((call) => call.query.get('name'))
        .sort(),
    ).toEqual(['BANKNIFTY', 'NIFTY']);
  });

  it('sends lists comma-separated and reads the tier, delay and cut-off from the envelope meta', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            code: 200,
            data: [{ token: 7, candles: [] }],
            meta: { tier: 'delayed', delayMs: 1_800_000, asOf: 1_234 },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const clock = { now: () => 99 } as never;
    const answer = await fetchData('candles', { tokens: [7, 8], resolution: '1m', from: 1, to: 2 }, { clock });
    expect(answer).toEqual({
      data: [{ token: 7, candles: [] }],
      tier: 'delayed',
      delayMs: 1_800_000,
      asOf: 1_234,
      receivedAt: 99,
    });
    const sent = fetchMock.mock.calls[0]?.[0];
    const url = new URL(typeof sent === 'string' ? sent : '', 'http://test');
    expect(url.pathname).toBe('/data/v1/candles');
    expect(url.searchParams.get('tokens')).toBe('7,8');
  });

  it('refuses an answer that does not match the operation’s response schema', async () => {
    mockApi({ 'GET /data/v1/get_option_expiry': { data: { name: 'NIFTY' } } });
    await expect(fetchData('get_option_expiry', { name: 'NIFTY' })).rejects.toMatchObject({
      errorCode: 'INVALID_RESPONSE',
    });
  });

  it('waits while its params are not known', async () => {
    const api = mockApi({ 'GET /data/v1/get_option_expiry': { data: EXPIRIES } });
    function Waiting() {
      const query = useDataQuery('get_option_expiry', null);
      return <p>{query.fetchStatus}</p>;
    }
    render(<Waiting />, { wrapper: wrapper(newClient()) });
    expect(screen.getByText('idle')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
