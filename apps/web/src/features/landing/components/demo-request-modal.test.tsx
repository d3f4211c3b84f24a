import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { DemoRequestModal } from './demo-request-modal';

function renderModal(formUrl: string | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DemoRequestModal show onHide={() => undefined} formUrl={formUrl} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Register for demo', () => {
  it('embeds the configured form', () => {
    renderModal('https://forms.example.com/demo');

    expect(screen.getByTitle('Demo registration form')).toHaveAttribute('src', 'https://forms.example.com/demo');
  });

  it('without one, stores the request through the API and thanks the visitor', async () => {
    const api = mockApi({
      'POST /api/v1/demo-request': { data: { id: 'd-1', receivedAt: '2026-11-20T04:30:00.000Z' } },
    });
    const user = userEvent.setup();
    renderModal(null);

    await user.type(screen.getByLabelText('Name'), 'Meera Iyer');
    await user.type(screen.getByLabelText('E-mail'), 'meera@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await user.type(screen.getByLabelText('Message (optional)'), 'Weekday evenings');
    await user.click(screen.getByRole('button', { name: 'Request demo' }));

    expect(await screen.findByText('Thank you! We will call you to arrange your demo.')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/demo-request')[0]?.body).toEqual({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      mobile: '+919876543210',
      message: 'Weekday evenings',
    });
  });

  it('shows what is wrong before sending anything', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderModal(null);

    await user.click(screen.getByRole('button', { name: 'Request demo' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/demo-request')).toHaveLength(0);
  });
});
