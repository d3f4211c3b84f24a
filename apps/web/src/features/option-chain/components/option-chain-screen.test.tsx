import type { Candle, OptionChain } from '@fnodesk/contracts';
import { createFakeClock, istInstant, type FakeClock } from '@fnodesk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedClient } from '../../../lib/feed/feed-client';
import { FeedClientContext } from '../../../lib/feed/feed-context';
import { sampleChain } from '../utils/chain-test-fixtures';
import { OptionChainScreen } from './option-chain-screen';

// Friday 20-Nov-2026 10:00:17 IST: the market is open.
const NOW = istInstant('2026-11-20', '10:00') + 17_000;

const EXPIRIES = {
  name: 'NIFTY',
  expiries: [
    {
      date: '2026-11-24',
      formattedDate: '24-Nov-2026',
      series: 'weekly',
      shiftedForHoliday: false,
      expiresAt: istInstant('2026-11-24', '15:30'),
    },
  ],
  futureExpiries: [],
};

const day = (date: string, c: number, oi: number): Candle => ({
  t: istInstant(date, '09:15'),
  o: c,
  h: c,
  l: c,
  c,
  v: 0,
  atp: c,
  oi,
});

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

function stubApi(chain: OptionChain, tier: 'live' | 'delayed' | 'none') {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(urlOf(input), 'http://test');
    const reply = (data: unknown) =>
      new Response(JSON.stringify({ code: 200, data, meta: { tier, delayMs: 1_800_000, asOf: NOW - 1_800_000 } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.pathname.endsWith('/get_option_expiry')) return reply(EXPIRIES);
    if (url.pathname.endsWith('/option_chain'))
      return reply({ ...chain, at: Math.floor((NOW - 1_800_000) / 60_000) * 60_000 });
    if (url.pathname.endsWith('/daily')) {
      const tokens = (url.searchParams.get('tokens') ?? '').split(',').map(Number);
      // Every contract closed at 50 with OI 1,00,000 three sessions before.
      return reply(
        tokens.map((token) => ({ token, candles: [day('2026-11-16', 50, 100_000), day('2026-11-19', 70, 120_000)] })),
      );
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen(clock: FakeClock) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createFeedClient({
    urls: ['ws://test/feed/v1'],
    createSocket: () => ({ send: () => undefined, close: () => undefined }),
    clock,
    credentials: () => ({ userid: 'u', secret: 's' }),
    checkSession: () => Promise.resolve('valid'),
    onSessionExpired: () => undefined,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <FeedClientContext.Provider value={client}>
        <OptionChainScreen clock={clock} refreshMs={60_000} />
      </FeedClientContext.Provider>
    </QueryClientProvider>,
  );
}

const bodyRows = () =>
  within(screen.getByTestId('option-chain-table'))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-strike'));

/** The cell of a row under the column whose heading's full name is `label`. */
function cellOf(row: HTMLElement, label: string): Element {
  const headings = Array.from(screen.getByTestId('option-chain-table').querySelectorAll('thead tr:nth-child(2) th'));
  const cell = row.children[headings.findIndex((heading) => heading.getAttribute('title') === label)];
  if (cell === undefined) throw new Error(`no ${label} cell`);
  return cell;
}

describe('Option Chain page', () => {
  let clock: FakeClock;
  beforeEach(() => {
    window.localStorage.clear();
    clock = createFakeClock(NOW);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the strikes around ATM with the ATM row marked and the summary strip', async () => {
    stubApi(sampleChain(), 'delayed');
    renderScreen(clock);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(bodyRows().map((row) => row.getAttribute('data-strike'))).toEqual(['24400', '24500', '24600']);
    expect(bodyRows()[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('option-chain-syn-fut')).toHaveTextContent('24,528.50');
    expect(screen.getByTestId('option-chain-spot')).toHaveTextContent('24,480.00 +80.00 (+0.33%)');
    expect(screen.getByTestId('option-chain-pcr')).toHaveTextContent('0.92');
    expect(screen.getByTestId('option-chain-max-pain')).toHaveTextContent('24,500.00');
    expect(screen.getByTestId('option-chain-atm-iv')).toHaveTextContent('12.50%');
    expect(screen.getByTestId('option-chain-last-updated')).toHaveTextContent(/^20-Nov-2026 9:30 am$/);
  });

  it('outside the live tier shows the banner and counts down to the next update', async () => {
    stubApi(sampleChain(), 'delayed');
    renderScreen(clock);
    await screen.findByText('Login with your broker for real time prices');
    // 10:00:17: 59 − 17 = 42 seconds to go.
    expect(await screen.findByTestId('option-chain-countdown')).toHaveTextContent('Next Update in 42 sec');
  });

  it('a numeric filter narrows the rows and Clear filters brings them back', async () => {
    stubApi(sampleChain(), 'delayed');
    const user = userEvent.setup({ advanceTimers: (ms) => clock.advance(ms) });
    renderScreen(clock);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.type(screen.getByLabelText('Filter Calls OI'), '>1L');
    expect(bodyRows().map((row) => row.getAttribute('data-strike'))).toEqual(['24500', '24600']);
    expect(screen.getByTestId('option-chain-row-count')).toHaveTextContent('2 of 3 strikes');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(bodyRows()).toHaveLength(3);
  });

  it('the text filter matches a trading symbol', async () => {
    stubApi(sampleChain(), 'delayed');
    const user = userEvent.setup({ advanceTimers: (ms) => clock.advance(ms) });
    renderScreen(clock);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.type(screen.getByLabelText('Filter by symbol or strike'), '24600pe');
    expect(bodyRows().map((row) => row.getAttribute('data-strike'))).toEqual(['24600']);
  });

  it('a period button compares the change columns with that period’s reference close', async () => {
    const fetchMock = stubApi(sampleChain(), 'delayed');
    const user = userEvent.setup({ advanceTimers: (ms) => clock.advance(ms) });
    renderScreen(clock);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const ltpChangeOfFirstPut = () => cellOf(bodyRows()[0]!, 'Puts LTP Chg').textContent;
    // 1D: the chain's own change (−5.00 for every put).
    expect(ltpChangeOfFirstPut()).toBe('-5.00');
    await user.click(screen.getByRole('button', { name: '3D' }));
    expect(screen.getByRole('button', { name: '3D' })).toHaveAttribute('aria-pressed', 'true');
    // 3D from Friday starts on Wednesday 18th: the reference is Monday 16th's close of 50; the put trades at 60.
    await waitFor(() => expect(ltpChangeOfFirstPut()).toBe('10.00'));
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('/data/v1/daily?'))).toBe(true);
  });

  it('remembers the period and the switches across visits', async () => {
    stubApi(sampleChain(), 'delayed');
    const user = userEvent.setup({ advanceTimers: (ms) => clock.advance(ms) });
    renderScreen(clock);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: '2D' }));
    await user.click(screen.getByLabelText('Greeks'));
    expect(JSON.parse(window.localStorage.getItem('option-chain-table') ?? '{}')).toMatchObject({
      period: '2D',
      showGreeks: true,
      name: 'NIFTY',
    });
  });

  it('asks for a chosen expiry’s chain without waiting for the expiry list', async () => {
    window.localStorage.setItem('option-chain-table', JSON.stringify({ name: 'NIFTY', expiry: '2026-11-24' }));
    const answered = stubApi(sampleChain(), 'delayed');
    // The expiry list never arrives.
    const fetchMock = vi.fn<typeof fetch>((input, init) =>
      urlOf(input).includes('get_option_expiry') ? new Promise<Response>(() => undefined) : answered(input, init),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(clock);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('expiry=2026-11-24'))).toBe(true);
  });

  it('says when the chain cannot be loaded and retries on request', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (urlOf(input).includes('get_option_expiry')) {
        return new Response(JSON.stringify({ code: 200, data: EXPIRIES, meta: { tier: 'delayed', delayMs: 0 } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ code: 500, error: 'x', errorCode: 'INTERNAL' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderScreen(clock);
    // One retry a second later (spec §9), then the error.
    expect(
      await screen.findByText('The option chain could not be loaded.', undefined, { timeout: 4_000 }),
    ).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
  });
});
