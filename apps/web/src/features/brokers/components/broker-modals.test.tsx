import type { BrokerAccount } from '@fnodesk/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brokerAccount } from '../test/broker-fixtures';
import { AuthenticationModal, DeleteBrokerDialog, RevealSecretsModal, TotpPromptModal } from './broker-modals';

describe('Zerodha TOTP prompt', () => {
  it("refuses an empty TOTP with 'You need to enter TOTP!'", async () => {
    const onSubmit = vi.fn();
    render(<TotpPromptModal account={brokerAccount()} busy={false} onSubmit={onSubmit} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('You need to enter TOTP!')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('TOTP from your authenticator app'), '123456{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });
});

describe('authentication modal of Shoonya, XTS and Kotak Neo', () => {
  const shoonya: BrokerAccount = brokerAccount({
    type: 'shoonya',
    collectTOTPForLogin: true,
    collectPasswordForLogin: true,
  });

  it('keeps Save disabled while both fields are empty', async () => {
    const onSave = vi.fn();
    render(<AuthenticationModal account={shoonya} busy={false} onSave={onSave} onClose={vi.fn()} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('TOTP'), '654321');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({ pwd: '', totp: '654321' });
  });

  it('shows only the fields the account collects', () => {
    render(
      <AuthenticationModal
        account={{ ...shoonya, collectTOTPForLogin: false }}
        busy={false}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByLabelText('TOTP')).toBeNull();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });
});

describe('delete dialog', () => {
  it("asks 'Do you want to delete the account?' with Delete and Don't Delete", async () => {
    const onDelete = vi.fn();
    const onClose = vi.fn();
    render(<DeleteBrokerDialog account={brokerAccount()} busy={false} onDelete={onDelete} onClose={onClose} />);
    expect(screen.getByText('Do you want to delete the account?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: "Don't Delete" }));
    expect(onClose).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalled();
  });
});

describe('reveal dialog with two-factor sign-in on', () => {
  it('asks for the authentication code too, and sends it with the password', async () => {
    const onReveal = vi.fn();
    render(
      <RevealSecretsModal
        show
        purpose="secrets"
        busy={false}
        error="Enter the code."
        askCode
        onReveal={onReveal}
        onClose={vi.fn()}
      />,
    );
    const reveal = screen.getByRole('button', { name: 'Reveal' });
    await userEvent.type(screen.getByLabelText('Password'), 'Nifty@Expiry-Tuesday9');
    expect(reveal).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(reveal);
    expect(onReveal).toHaveBeenCalledWith('Nifty@Expiry-Tuesday9', '123456');
  });

  it('asks for the password alone while the server has not asked for a code', async () => {
    const onReveal = vi.fn();
    render(
      <RevealSecretsModal show purpose="secrets" busy={false} error={null} onReveal={onReveal} onClose={vi.fn()} />,
    );
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'Nifty@Expiry-Tuesday9{Enter}');
    expect(onReveal).toHaveBeenCalledWith('Nifty@Expiry-Tuesday9', undefined);
  });
});
