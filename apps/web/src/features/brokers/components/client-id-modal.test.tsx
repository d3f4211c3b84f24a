import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BROKER_TILES, DHAN_CLIENT_ID_HINT } from '../utils/broker-catalogue';
import { ClientIdModal } from './client-id-modal';

const tile = (id: string) => BROKER_TILES.find((candidate) => candidate.id === id) ?? BROKER_TILES[0]!;

function renderModal(id: string, overrides: Partial<Parameters<typeof ClientIdModal>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <ClientIdModal
      tile={tile(id)}
      initialClientId=""
      onSubmit={onSubmit}
      onClose={vi.fn()}
      busy={false}
      error={null}
      {...overrides}
    />,
  );
  return { onSubmit };
}

describe('client ID modal (accounts §2, §5)', () => {
  it("is titled '{Broker} User Authentication'", () => {
    renderModal('fyers');
    expect(screen.getByRole('heading', { name: 'Fyers User Authentication' })).toBeVisible();
  });

  it('upper-cases the client ID as it is typed', async () => {
    renderModal('fyers');
    const field = screen.getByLabelText('Fyers Client ID / User ID');
    await userEvent.type(field, 'ab12cd');
    expect(field).toHaveValue('AB12CD');
  });

  it('keeps Login disabled while the client ID is empty', async () => {
    const { onSubmit } = renderModal('fyers');
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Fyers Client ID / User ID'), '   ');
    expect(login).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the upper-cased client ID with Enter', async () => {
    const { onSubmit } = renderModal('angelone');
    await userEvent.type(screen.getByLabelText('Angel One Client ID / User ID'), 'x123{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('X123');
  });

  it('starts from the last client ID used with the broker', () => {
    renderModal('fyers', { initialClientId: 'fy9' });
    expect(screen.getByLabelText('Fyers Client ID / User ID')).toHaveValue('FY9');
  });

  it('shows the Dhan hint only for Dhan', () => {
    renderModal('dhan');
    expect(screen.getByText(DHAN_CLIENT_ID_HINT)).toBeVisible();
  });

  it('shows an error in red', () => {
    renderModal('fyers', { error: 'This broker is not supported.' });
    expect(screen.getByRole('alert')).toHaveTextContent('This broker is not supported.');
  });
});
