import type { Profile } from '@fnodesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { TwoFactorCard } from './two-factor-card';

const RECOVERY = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '0')}`);

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  writeSession({
    userID: 'u-1',
    loginSecret: 'secret-1',
    email: 'asha@example.com',
    activeSubscription: false,
    activeTradeSubscription: false,
    brokerLoggedIn: false,
    subscriptionValidTill: null,
    tradeSubscriptionValidTill: null,
    trialAllowed: true,
    tradeTrailAllowed: true,
    gUserRegisterRequired: false,
    webSocketChannel: 'ch-u-1',
    src: 'fnodesk',
    isLoggedIn: true,
    userFirstName: 'Asha',
    userLastName: 'Rao',
  });
  api = mockApi({ 'GET /api/v1/user-profile': { data: { totpEnabled: false } satisfies Partial<Profile> } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TwoFactorCard', () => {
  it('turns two-factor sign-in on: password, a QR code with the key, a code, then the 10 recovery codes', async () => {
    api.on('POST /api/v1/user-totp-setup', {
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/FNO%20Desk:asha?secret=JBSWY3DPEHPK3PXP' },
    });
    api.on('POST /api/v1/user-totp-enable', { data: { recoveryCodes: RECOVERY } });
    const user = userEvent.setup();
    renderRoute('/profile', <TwoFactorCard enabled={false} hasPassword />);

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'Nifty@Expiry-Tuesday9');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    expect(turnOn).toBeDisabled();
    await user.type(screen.getByLabelText('Authentication code'), '6');
    await user.click(turnOn);

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(api.calls('POST /api/v1/user-totp-setup')[0]?.body).toEqual({ password: 'Nifty@Expiry-Tuesday9' });
    expect(api.calls('POST /api/v1/user-totp-enable')[0]?.body).toEqual({ code: '123456' });
  });

  it("shows the server's words for a wrong code and stays on the QR step", async () => {
    api.on('POST /api/v1/user-totp-setup', { data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' } });
    api.on('POST /api/v1/user-totp-enable', {
      status: 400,
      errorCode: 'TOTP_INVALID',
      error: 'The code is not correct.',
    });
    const user = userEvent.setup();
    renderRoute('/profile', <TwoFactorCard enabled={false} hasPassword />);

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'pw-1234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct.');
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('turning it off asks for the password and a code', async () => {
    api.on('POST /api/v1/user-totp-disable', { data: 'Two-factor sign-in is off.' });
    const user = userEvent.setup();
    renderRoute('/profile', <TwoFactorCard enabled hasPassword />);

    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const turnOff = screen.getByRole('button', { name: 'Turn off' });
    await user.type(screen.getByLabelText('Password'), 'Nifty@Expiry-Tuesday9');
    expect(turnOff).toBeDisabled();
    await user.type(screen.getByLabelText('Authentication code'), 'ABCDE-FGH01');
    await user.click(turnOff);

    await waitFor(() =>
      expect(api.calls('POST /api/v1/user-totp-disable')[0]?.body).toEqual({
        password: 'Nifty@Expiry-Tuesday9',
        code: 'ABCDE-FGH01',
      }),
    );
  });
});
