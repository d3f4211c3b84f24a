import type { RuleView } from '@fnodesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { RulesPanel } from './rules-panel';

const BROKER = '9d3c5a1e-1111-4222-8333-444455556666';
const BASE = `/api/v1/quiktrade/${BROKER}/rules`;

const fired: RuleView = {
  id: 'b1c2d3e4-1111-4222-8333-444455556666',
  brokerId: BROKER,
  mode: 'paper',
  instrument: 'NIFTY',
  expiry: '2026-12-01',
  product: 'MIS',
  condition: {
    source: 'COMBINED',
    strike: { kind: 'absolute', strike: 23050 },
    comparator: 'GE',
    value: 200,
    waitTicks: 3,
  },
  actions: [{ side: 'BUY', type: 'PE', strike: { kind: 'atm', offset: -1 }, lots: 2 }],
  armed: false,
  firedAt: '2026-11-27T05:00:00.000Z',
  fireError: null,
  createdAt: '2026-11-27T04:00:00.000Z',
};

let api: ApiMock;

beforeEach(() => {
  api = mockApi({ [`GET ${BASE}`]: { data: { rules: [fired] } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RulesPanel brokerId={BROKER} mode="paper" />
    </QueryClientProvider>,
  );
}

describe('rules panel', () => {
  it('lists a fired rule with its condition, its orders and the IST time it fired', async () => {
    renderPanel();
    const row = await screen.findByTestId('rule-row');
    expect(row).toHaveTextContent('If COMBINED LTP 23,050 GE 200.00 for 3 ticks');
    expect(row).toHaveTextContent('Then BUY 2 lots PE ATM-1');
    expect(within(row).getByText(/Fired 10:30/)).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Active: rule 1' })).not.toBeChecked();
  });

  it('re-arms a rule with its switch and deletes it with its button', async () => {
    api.on(`PUT ${BASE}/${fired.id}`, { data: { ...fired, armed: true, firedAt: null } });
    api.on(`DELETE ${BASE}/${fired.id}`, { data: { deleted: true } });
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Active: rule 1' }));
    await waitFor(() => expect(api.calls(`PUT ${BASE}/${fired.id}`)).toHaveLength(1));
    expect(api.calls(`PUT ${BASE}/${fired.id}`)[0]?.body).toEqual({ armed: true });
    await userEvent.click(screen.getByRole('button', { name: 'Delete rule 1' }));
    await waitFor(() => expect(api.calls(`DELETE ${BASE}/${fired.id}`)).toHaveLength(1));
  });

  it('creates a COMBINED rule with wait ticks and an ATM order row', async () => {
    api.on(`POST ${BASE}`, { data: { ...fired, armed: true, firedAt: null } });
    renderPanel();
    await screen.findByTestId('rule-row');
    await userEvent.type(screen.getByLabelText('Expiry'), '2026-12-01');
    await userEvent.clear(screen.getByLabelText('Strike'));
    await userEvent.type(screen.getByLabelText('Strike'), '23050');
    await userEvent.type(screen.getByLabelText('Symbol Value'), '200');
    await userEvent.clear(screen.getByLabelText('Wait Tick'));
    await userEvent.type(screen.getByLabelText('Wait Tick'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Type, order row 1'), 'PE');
    await userEvent.clear(screen.getByLabelText('Strike, order row 1'));
    await userEvent.type(screen.getByLabelText('Strike, order row 1'), 'ATM-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}`)[0]?.body).toEqual({
      mode: 'paper',
      instrument: 'NIFTY',
      expiry: '2026-12-01',
      condition: {
        source: 'COMBINED',
        comparator: 'GE',
        value: 200,
        waitTicks: 3,
        strike: { kind: 'absolute', strike: 23050 },
      },
      actions: [{ side: 'BUY', type: 'PE', strike: { kind: 'atm', offset: -1 }, lots: 1 }],
      armed: true,
    });
  });

  it('names a bad strike and sends nothing', async () => {
    renderPanel();
    await screen.findByTestId('rule-row');
    await userEvent.type(screen.getByLabelText('Expiry'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('Symbol Value'), '200');
    await userEvent.clear(screen.getByLabelText('Strike, order row 1'));
    await userEvent.type(screen.getByLabelText('Strike, order row 1'), 'ATM*2');
    await userEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Order row 1: A strike price, or ATM, ATM+1, ATM-2 …');
    expect(api.calls(`POST ${BASE}`)).toHaveLength(0);
  });
});
