import type { RiskState } from '@fnodesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { PortfolioRiskPanel } from './portfolio-risk-panel';

const BROKER = '9d3c5a1e-1111-4222-8333-444455556666';
const STATE = `GET /api/v1/quiktrade/${BROKER}/risk-state`;
const SAVE = `PUT /api/v1/quiktrade/${BROKER}/portfolio-risk`;

const state = (over: Partial<RiskState> = {}): RiskState => ({
  paused: false,
  lockedForDay: false,
  mtm: -125050.5,
  realised: -100000,
  unrealised: -25050.5,
  portfolioRisk: {
    brokerId: BROKER,
    mode: 'paper',
    mtmStop: null,
    mtmTarget: null,
    trailFrom: null,
    trailLock: null,
    trailStep: null,
    armed: false,
    trailStop: null,
    peakMtm: null,
    triggered: null,
    triggeredAt: null,
  },
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PortfolioRiskPanel brokerId={BROKER} mode="paper" />
    </QueryClientProvider>,
  );
}

describe('portfolio risk panel', () => {
  it('shows the MTM in rupees with Indian grouping, the stale-feed badge and the locked-for-day notice', async () => {
    mockApi({ [STATE]: { data: state({ paused: true, lockedForDay: true }) } });
    renderPanel();
    expect(await screen.findByText('-₹1,25,050.50')).toBeInTheDocument();
    expect(screen.getByTestId('stale-feed-badge')).toHaveTextContent('Feed stale: risk engine paused');
    expect(screen.getByTestId('locked-for-day')).toHaveTextContent('new orders are blocked for today');
  });

  it('arms the MTM stop and the lock-in trail for the chosen mode', async () => {
    const api = mockApi({ [STATE]: { data: state() }, [SAVE]: { data: state().portfolioRisk } });
    renderPanel();
    expect(screen.queryByTestId('stale-feed-badge')).not.toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('MTM stop (₹ loss)'), '5000');
    await userEvent.type(screen.getByLabelText('Trail from MTM (₹)'), '3000');
    await userEvent.type(screen.getByLabelText('Lock in (₹)'), '1000');
    await userEvent.type(screen.getByLabelText('Trail step (₹)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Arm' }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    const sent = api.calls(SAVE)[0];
    expect(sent?.query.get('mode')).toBe('paper');
    expect(sent?.body).toEqual({
      mtmStop: 5000,
      mtmTarget: null,
      trailFrom: 3000,
      trailLock: 1000,
      trailStep: 500,
      armed: true,
    });
  });
});
