import type { BrokerAccount } from '@fnodesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROKERS_LIST_QUERY_KEY } from '../lib/broker-accounts-key';
import { mockApi, type ApiMock } from '../test/api-mock';
import { TradeMultiplierField } from './trade-multiplier-field';

const ACCOUNT = { id: 'kite-2', name: 'Kite 2', userName: 'CD5678', tradeMultiplier: 1 };
const ROUTE = 'PUT /api/v1/brokers/kite-2/multiplier';

let api: ApiMock;
let queryClient: QueryClient;

function renderField(account = ACCOUNT) {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(BROKERS_LIST_QUERY_KEY, [account as BrokerAccount]);
  render(
    <QueryClientProvider client={queryClient}>
      <TradeMultiplierField account={account} />
    </QueryClientProvider>,
  );
  return screen.getByRole('spinbutton', { name: /^Multiplier of .* \(CD5678\)$/ });
}

beforeEach(() => {
  api = mockApi({ [ROUTE]: ({ body }) => ({ data: body }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fan-out multiplier input', () => {
  it('saves a whole number on Enter and shows it in the cached broker list', async () => {
    const input = renderField();
    expect(input).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '2{Enter}');
    await waitFor(() => expect(api.calls(ROUTE)).toHaveLength(1));
    expect(api.calls(ROUTE)[0]?.body).toEqual({ multiplier: 2 });
    await waitFor(() =>
      expect(queryClient.getQueryData<BrokerAccount[]>(BROKERS_LIST_QUERY_KEY)?.[0]?.tradeMultiplier).toBe(2),
    );
  });

  it('saves with the Save button too', async () => {
    const input = renderField();
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(ROUTE)[0]?.body).toEqual({ multiplier: 3 }));
  });

  it("shows the server's message when it refuses the multiplier", async () => {
    api.on(ROUTE, { status: 404, error: 'The broker account was not found.', errorCode: 'NOT_FOUND' });
    const input = renderField();
    await userEvent.clear(input);
    await userEvent.type(input, '4{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The broker account was not found.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue(4);
  });

  it('sends nothing outside the server’s limits (a whole number from 1 to 100) and says so', async () => {
    const input = renderField();
    for (const typed of ['0', '101', '1.5']) {
      await userEvent.clear(input);
      await userEvent.type(input, `${typed}{Enter}`);
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 100.');
    }
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(api.calls(ROUTE)).toHaveLength(0);
  });
});
