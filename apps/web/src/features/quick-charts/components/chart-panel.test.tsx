import type { Candle } from '@fnodesk/contracts';
import { createFakeClock, spotInstrumentToken, type FakeClock } from '@fnodesk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedClient } from '../../../lib/feed/feed-client';
import { FeedClientContext } from '../../../lib/feed/feed-context';
import { fakeFeed } from '../../../test/fake-feed';
import { defaultChartSettings } from '../utils/chart-preferences';
import { ChartPanel } from './chart-panel';

// The chart itself paints on a canvas; here it only reports what it was given.
vi.mock('@fnodesk/charts', () => ({
  CandleChartView: (props: { candles: readonly Candle[]; liveCandle?: Candle | null; ariaLabel?: string }) => (
    <div
      role="img"
      aria-label={props.ariaLabel}
      data-candles={props.candles.length}
      data-live-close={props.liveCandle?.c ?? ''}
    />
  ),
}));

const NIFTY = spotInstrumentToken('NIFTY');
// Friday 20-Nov-2026 10:00:17 IST: the market is open.
const NOW = Date.UTC(2026, 10, 20, 4, 30, 17);
const MIN = 60_000;
const candle = (t: number, c: number): Candle => ({ t, o: c, h: c, l: c, c, v: 10, atp: c, oi: 0 });

function stubCandles(tier: 'live' | 'delayed', candles: Candle[]) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const body = { code: 200, data: [{ token: NIFTY, candles }], meta: { tier, delayMs: 0, asOf: NOW } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel(clock: FakeClock, client: FeedClient, options: { alwaysOpen?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <FeedClientContext.Provider value={client}>
        <ChartPanel
          settings={defaultChartSettings()}
          onChange={() => undefined}
          position={1}
          theme="light"
          height={300}
          clock={clock}
          refreshMs={60_000}
          replay={false}
          alwaysOpen={options.alwaysOpen ?? false}
          publishesStatus
        />
      </FeedClientContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ChartPanel', () => {
  it('delayed tier: the broker banner, and a refresh 3 s past the next minute boundary', async () => {
    const clock = createFakeClock(NOW);
    const fetchMock = stubCandles('delayed', [candle(NOW - 5 * MIN, 24_000), candle(NOW - MIN, 24_010.5)]);
    const { client, sent } = fakeFeed(clock);
    renderPanel(clock, client);

    expect(await screen.findByText('Login with your broker for real time prices')).toBeInTheDocument();
    // Spec §2.9: 59 minus the current seconds (10:00:17), the same count on every page.
    expect(screen.getByText('Next Update in 42 sec')).toBeInTheDocument();
    expect(screen.getByTestId('quick-chart-ltp')).toHaveTextContent('24,010.50');
    expect(sent).toEqual([]);

    act(() => clock.advance(46_000));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByText('Next Update in 56 sec')).toBeInTheDocument());
  });

  it('live tier: subscribes the instrument, shows each tick as the LTP and forms the last candle from them', async () => {
    const clock = createFakeClock(NOW);
    // 10:00 IST opens a 5-minute candle.
    const open = Date.UTC(2026, 10, 20, 4, 30);
    stubCandles('live', [candle(open - 5 * MIN, 24_000), candle(open, 24_010)]);
    const { client, sent, server } = fakeFeed(clock);
    renderPanel(clock, client);

    await screen.findByText('Live');
    expect(screen.queryByText('Login with your broker for real time prices')).not.toBeInTheDocument();
    act(() => {
      server().onOpen();
      server().onMessage(JSON.stringify({ t: 'ack', op: 'auth' }));
    });
    expect(sent).toContainEqual({ op: 'sub', tokens: [NIFTY], mode: 'quote' });

    act(() => server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: NIFTY, ts: NOW, lp: 24_020.25 }] })));
    expect(screen.getByTestId('quick-chart-ltp')).toHaveTextContent('24,020.25');
    expect(screen.getByRole('img')).toHaveAttribute('data-live-close', '24020.25');

    act(() => server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: NIFTY, ts: NOW + 1_000, lp: 24_001 }] })));
    expect(screen.getByTestId('quick-chart-ltp')).toHaveTextContent('24,001.00');
  });

  it('an always-open market outside exchange hours is labelled as a replay', async () => {
    // Friday 20-Nov-2026 22:00 IST: NSE is closed, the server's always-open market replays the last session.
    const night = Date.UTC(2026, 10, 20, 16, 30);
    const clock = createFakeClock(night);
    stubCandles('live', [candle(night - 5 * MIN, 24_000)]);
    const { client } = fakeFeed(clock);
    renderPanel(clock, client, { alwaysOpen: true });

    expect(await screen.findByText('Live (Replay)')).toBeInTheDocument();
  });
});
