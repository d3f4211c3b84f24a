import type { FanOutAccountResult, OrderView } from '@fnodesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { NIFTY_CALL_LINE, tradingAccount } from '../test/trading-fixtures';
import type { FanOutReport } from '../utils/fan-out';
import { FanOutControl, FanOutResultsPanel } from './fan-out-panel';

const KITE_1 = tradingAccount();
const KITE_2 = tradingAccount({ id: 'kite-2', name: 'Kite 2', userName: 'CD5678', tradeMultiplier: 2 });
const TOKEN = 13_000_101;

const orderOf = (quantity: number, status: OrderView['status']) =>
  ({ id: `o-${quantity}`, instrumentToken: TOKEN, quantity, status }) as OrderView;

const result = (over: Partial<FanOutAccountResult>): FanOutAccountResult => ({
  brokerId: 'kite-1',
  userName: 'AB1234',
  multiplier: 1,
  status: 'placed',
  reason: null,
  orders: [],
  ...over,
});

const REPORT: FanOutReport = {
  id: 1,
  lines: [
    {
      line: NIFTY_CALL_LINE,
      result: {
        mode: 'live',
        results: [
          result({ orders: [orderOf(65, 'OPEN')] }),
          result({
            brokerId: 'kite-2',
            userName: 'CD5678',
            multiplier: 2,
            status: 'rejected',
            reason: 'Insufficient funds. Required margin is 95,000.00',
            orders: [orderOf(130, 'REJECTED')],
          }),
        ],
      },
      error: null,
    },
  ],
};

function renderWithQueries(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

beforeEach(() => {
  mockApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fan-out results panel', () => {
  it('shows each account’s result: placed with its lots and order status, rejected with the reason', async () => {
    const onDismiss = vi.fn();
    renderWithQueries(
      <FanOutResultsPanel
        report={REPORT}
        accounts={[KITE_1, KITE_2]}
        lotSizeOf={(token) => (token === TOKEN ? 65 : null)}
        onDismiss={onDismiss}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Fan-out results' });
    expect(within(panel).getByRole('heading')).toHaveTextContent('Fan-out: 1 placed, 1 rejected');
    expect(within(panel).getByText('Live')).toBeInTheDocument();
    const placed = screen.getByTestId('fan-out-result-kite-1');
    expect(placed).toHaveTextContent('zerodha · Kite 1 (AB1234)');
    expect(placed).toHaveTextContent('×1');
    expect(placed).toHaveTextContent('Placed1 lot · OPEN');
    const rejected = screen.getByTestId('fan-out-result-kite-2');
    expect(rejected).toHaveTextContent('×2');
    expect(rejected).toHaveTextContent('RejectedInsufficient funds. Required margin is 95,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the fan-out results' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('says why a line was not sent at all', () => {
    const failed: FanOutReport = {
      id: 2,
      lines: [{ line: REPORT.lines[0]!.line, result: null, error: 'Please check your internet connection' }],
    };
    renderWithQueries(<FanOutResultsPanel report={failed} accounts={[]} lotSizeOf={() => null} onDismiss={vi.fn()} />);
    expect(screen.getByText('Not sent: Please check your internet connection')).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent('Fan-out: 0 placed, 1 not sent');
  });
});

describe('the fan-out switch beside the account selector', () => {
  it('names the account count, turns off and on, and lists every account’s multiplier input', async () => {
    const onChange = vi.fn();
    renderWithQueries(<FanOutControl accounts={[KITE_1, KITE_2]} on onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Fan-out: 2 accounts' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: /Multipliers/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Fan-out multipliers' });
    expect(within(dialog).getByRole('spinbutton', { name: /^Multiplier of .* \(AB1234\)$/ })).toHaveValue(1);
    expect(within(dialog).getByRole('spinbutton', { name: /^Multiplier of .* \(CD5678\)$/ })).toHaveValue(2);
  });
});
