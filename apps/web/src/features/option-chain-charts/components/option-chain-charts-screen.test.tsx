import type { Candle } from '@fnodesk/contracts';
import { createFakeClock } from '@fnodesk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedClient } from '../../../lib/feed/feed-client';
import { FeedClientContext } from '../../../lib/feed/feed-context';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { indexInstrument } from '../../../test/instrument-fixtures';
import { prefetchOptionChainCharts } from '../api/prefetch-option-chain-charts';
import { OPTION_CHAIN_STORAGE_KEY } from '../utils/option-chain-charts-preferences';
import { OptionChainChartsScreen } from './option-chain-charts-screen';

// Charts paint on canvases; here each reports the candles it was given.
vi.mock('@fnodesk/charts', () => ({
  useChartGroup: () => null,
  GroupedCandleChart: (props: { chartId: string; candles: readonly Candle[]; type?: string; showLegend?: boolean }) => (
    <div
      data-testid="chart"
      data-chart-id={props.chartId}
      data-candles={props.candles.length}
      data-type={props.type}
      data-legend={String(props.showLegend)}
    />
  ),
}));

// Friday 20-Nov-2026 10:00 IST: the market is open.
const NOW = Date.UTC(2026, 10, 20, 4, 30);

function chainOf(name: string, strikes: number, atm: string) {
  const centre = atm === 'Spot' ? 24_500 : 24_550;
  const list = Array.from({ length: strikes }, (_, i) => centre + (i - Math.floor((strikes - 1) / 2)) * 50);
  return {
    name,
    expiry: '2026-11-24',
    at: NOW,
    spotToken: 1,
    futToken: 2,
    atmBasis: atm,
    atmStrike: centre,
    optData: list.flatMap((strike) =>
      (['CE', 'PE'] as const).map((side) => ({
        tradingName: `${name}26NOV${strike}${side}`,
        strikePrice: strike,
        instrumentType: side,
        instrumentToken: strike * 10 + (side === 'CE' ? 1 : 2),
        lotSize: 75,
        expiry: '2026-11-24',
      })),
    ),
    rows: [],
    summary: {
      spot: null,
      spotChange: null,
      spotChangePercent: null,
      futures: null,
      futuresChange: null,
      futuresChangePercent: null,
      syntheticFuture: null,
      syntheticFutureStrike: null,
      pcr: null,
      maxPainStrike: null,
      callOi: 0,
      putOi: 0,
      callOiChange: 0,
      putOiChange: 0,
      callVolume: 0,
      putVolume: 0,
    },
    oiChangeTotals: {
      '15m': { ce: null, pe: null },
      '30m': { ce: null, pe: null },
      '1h': { ce: null, pe: null },
      '4h': { ce: null, pe: null },
    },
    forward: null,
    daysToExpiry: 4,
    strikesListed: 100,
  };
}

const candle = (c: number): Candle => ({ t: NOW - 60_000, o: c, h: c, l: c, c, v: 1, atp: c, oi: 5 });
const expiry = (date: string, formattedDate: string) => ({
  date,
  formattedDate,
  series: 'weekly',
  shiftedForHoliday: false,
  expiresAt: Date.parse(`${date}T10:00:00Z`),
});

function stubApi(): ApiMock {
  return mockApi({
    'GET /data/v1/search': { data: [indexInstrument('BANKNIFTY', 3), indexInstrument('NIFTY', 1)] },
    'GET /data/v1/get_option_expiry': (request) => ({
      data: {
        name: request.query.get('name'),
        expiries: [expiry('2026-11-24', '24-Nov-2026'), expiry('2026-12-01', '01-Dec-2026')],
        futureExpiries: [],
      },
    }),
    'GET /data/v1/option_chain': (request) => ({
      data: chainOf(
        request.query.get('name') ?? '',
        Number(request.query.get('strikes')),
        request.query.get('atm') ?? 'Futures',
      ),
    }),
    'GET /data/v1/candles': (request) => ({
      data: (request.query.get('tokens') ?? '')
        .split(',')
        .map((token) => ({ token: Number(token), candles: [candle(1)] })),
      meta: { tier: 'delayed', delayMs: 1_800_000, asOf: NOW },
    }),
    'GET /data/v1/get_exchange_holidays': { data: { holidays: { NFO: [] }, publishedYears: [2026] } },
    'GET /data/v1/get_special_session': { data: [] },
  });
}

const feed: FeedClient = {
  subscribe: () => () => undefined,
  tick: () => undefined,
  isDenied: () => false,
  isStale: () => false,
  status: () => ({ connection: 'idle', tier: null, lastTickAt: null, reconnectAttempt: 0 }),
  onChange: () => () => undefined,
  onEvent: () => () => undefined,
  restart: () => undefined,
  dispose: () => undefined,
};

function renderScreen(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <FeedClientContext.Provider value={feed}>
          <OptionChainChartsScreen theme="light" clock={createFakeClock(NOW)} />
        </FeedClientContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OptionChainChartsScreen', () => {
  it('opens on NIFTY (the second instrument) with its first expiry, 3 strikes and the index chart: 7 charts', async () => {
    const api = stubApi();
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(7));
    expect(screen.getByRole('combobox', { name: 'Instrument' })).toHaveValue('NIFTY');
    expect(screen.getByLabelText('Expiry Date')).toHaveValue('2026-11-24');
    expect(screen.getAllByRole('heading', { name: /^Strike \d+ Call$/ }).map((h) => h.textContent)).toEqual([
      'Strike 24500 Call',
      'Strike 24550 Call',
      'Strike 24600 Call',
    ]);
    expect(screen.getAllByRole('heading', { name: /^Strike \d+ Puts$/ })).toHaveLength(3);
    // One candle request for all seven charts (same resolution and period).
    await waitFor(() => expect(screen.getAllByTestId('chart').every((c) => c.dataset['candles'] === '1')).toBe(true));
    const requests = api.calls('GET /data/v1/candles');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.query.get('tokens')?.split(',')).toHaveLength(7);
    expect(screen.getByText('Login with your broker for real time prices')).toBeInTheDocument();
    expect(screen.getByTestId('option-chain-charts-countdown')).toHaveTextContent(/^Next Update in \d+ sec$/);
    expect(api.calls('GET /data/v1/option_chain')[0]!.query.get('atm')).toBe('Futures');
  });

  it('controls change the strikes, the ATM basis, the index chart and the legends, and are remembered', async () => {
    stubApi();
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(7));

    await user.selectOptions(screen.getByLabelText('Strikes'), '15');
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(31));

    await user.selectOptions(screen.getByLabelText('ATM'), 'Spot');
    await waitFor(() =>
      expect(document.querySelector('.occ-strike-row[data-atm="true"]')?.getAttribute('data-strike')).toBe('24500'),
    );

    await user.click(screen.getByRole('button', { name: 'Hide Index Chart' }));
    expect(screen.getByRole('button', { name: 'Show Index Chart' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chart')).toHaveLength(30);

    await user.click(screen.getByRole('radio', { name: 'Spot' }));
    await user.click(screen.getByLabelText('Show Legend'));
    expect(screen.getAllByTestId('chart').every((c) => c.dataset['legend'] === 'false')).toBe(true);
    await user.click(screen.getByLabelText('Strike Info'));
    expect(screen.queryByTestId('option-chain-charts-info')).not.toBeInTheDocument();

    const stored = JSON.parse(localStorage.getItem(OPTION_CHAIN_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({
      strike: 15,
      atm: 'Spot',
      hideShow: false,
      instrumentType: 'spot',
      showLegend: false,
      showStikeInfo: false,
    });
  });

  it('a period restricts the resolutions: 1M removes up to 5m and forces 15m', async () => {
    stubApi();
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(7));
    const resolution = screen.getByRole('combobox', { name: 'Strike chart resolution' });
    await user.selectOptions(resolution, '1m');
    await user.click(screen.getByRole('group', { name: 'Strike chart period' }).querySelector('button:nth-child(6)')!);
    expect(resolution).toHaveValue('15m');
    const offered = [...resolution.querySelectorAll('option')].map((o) => o.textContent);
    expect(offered).not.toContain('5m');
    expect(offered).toContain('10m');
  });

  it('finds what its route prefetched: every request is made once, by the prefetch', async () => {
    const api = stubApi();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchOptionChainCharts(queryClient, createFakeClock(NOW));
    const routes = ['search', 'get_option_expiry', 'option_chain', 'candles'].map((op) => `GET /data/v1/${op}`);
    expect(routes.map((route) => api.calls(route).length)).toEqual([1, 1, 1, 1]);
    expect(api.calls('GET /data/v1/candles')[0]!.query.get('tokens')?.split(',')).toHaveLength(7);

    renderScreen(queryClient);
    await waitFor(() => expect(screen.getAllByTestId('chart').every((c) => c.dataset['candles'] === '1')).toBe(true));
    expect(screen.getAllByTestId('chart')).toHaveLength(7);
    expect(routes.map((route) => api.calls(route).length)).toEqual([1, 1, 1, 1]);
  });

  it('prefetches the chain of a stored expiry without waiting for the expiry list', async () => {
    const api = stubApi();
    let answerExpiries = () => undefined as void;
    const expiriesHeld = new Promise<void>((resolve) => (answerExpiries = resolve));
    api.on('GET /data/v1/get_option_expiry', async () => {
      await expiriesHeld;
      return { data: { name: 'NIFTY', expiries: [expiry('2026-11-24', '24-Nov-2026')], futureExpiries: [] } };
    });
    localStorage.setItem(OPTION_CHAIN_STORAGE_KEY, JSON.stringify({ instrument: 'NIFTY', expiry: '2026-11-24' }));
    const done = prefetchOptionChainCharts(new QueryClient(), createFakeClock(NOW));
    await waitFor(() => expect(api.calls('GET /data/v1/candles')).toHaveLength(1));
    expect(api.calls('GET /data/v1/option_chain')[0]!.query.get('expiry')).toBe('2026-11-24');
    expect(api.calls('GET /data/v1/search')).toHaveLength(0);
    answerExpiries();
    await done;
  });
});
