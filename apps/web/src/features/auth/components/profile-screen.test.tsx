import type { ActivityEntry, Profile } from '@fnodesk/contracts';
import { createFakeClock } from '@fnodesk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession, writeSession, type UserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { ProfileScreen } from './profile-screen';

const NOW = Date.parse('2026-03-02T06:30:00.000Z');
const PROFILE: Profile = {
  email: 'asha@example.com',
  mobile: '+919876543210',
  firstName: 'Asha',
  lastName: 'Rao',
  emailVerified: true,
  createdAt: '2026-02-01T04:00:00.000Z',
  signInMethods: ['password'],
};
const ACTIVITY: ActivityEntry[] = [
  { at: '2026-03-02T03:45:00.000Z', kind: 'login', source: 'web', ip: '203.0.113.7', userAgent: 'Firefox' },
  { at: '2026-02-01T04:00:00.000Z', kind: 'email_verified', source: 'email', ip: null, userAgent: null },
];
const SESSION: UserSession = {
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
};

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  writeSession(SESSION);
  api = mockApi({
    'GET /api/v1/user-profile': { data: PROFILE },
    'GET /api/v1/user/activity': { data: { activities: ACTIVITY } },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderProfile() {
  return renderRoute('/profile', <ProfileScreen loginPath="/authentication/login" clock={createFakeClock(NOW)} />);
}

describe('ProfileScreen', () => {
  it('shows the e-mail read only and the names and WhatsApp number for editing', async () => {
    renderProfile();

    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Rao');
    expect(screen.getByLabelText('WhatsApp Number')).toHaveValue('+91 98765 43210');
  });

  it('saves the names and number, updates the stored session and confirms with a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    api.on('PUT /api/v1/user-profile', (request) => ({
      data: { ...PROFILE, ...(request.body as Partial<Profile>) },
    }));
    const user = userEvent.setup();
    renderProfile();

    const firstName = await screen.findByLabelText('First Name');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(firstName);
    await user.type(firstName, 'Asha K');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(api.calls('PUT /api/v1/user-profile')[0]?.body).toEqual({
      firstName: 'Asha K',
      lastName: 'Rao',
      mobile: '+919876543210',
    });
    expect(readUserSession()?.userFirstName).toBe('Asha K');
  });

  it('refuses an empty first name without a call', async () => {
    const user = userEvent.setup();
    renderProfile();

    await user.clear(await screen.findByLabelText('First Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(api.calls('PUT /api/v1/user-profile')).toHaveLength(0);
  });

  it('changes the password after checking the confirmation', async () => {
    const success = vi.spyOn(toast, 'success');
    api.on('POST /api/v1/change-password', { data: 'Password changed.' });
    const user = userEvent.setup();
    renderProfile();

    await user.type(await screen.findByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password does not match')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/change-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Password changed successfully'));
    expect(api.calls('POST /api/v1/change-password')[0]?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'a-new-passphrase',
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('lists the last 30 days of activity in IST with the kind in words', async () => {
    renderProfile();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('02-Mar-2026 09:15:00');
    expect(rows[1]).toHaveTextContent('Logged in');
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[2]).toHaveTextContent('01-Feb-2026 09:30:00');
    expect(rows[2]).toHaveTextContent('E-mail verified');
    const query = api.calls('GET /api/v1/user/activity')[0]?.query;
    expect(query?.get('to')).toBe(String(NOW));
    expect(query?.get('from')).toBe(String(NOW - 30 * 86_400_000));
  });

  it('goes to login when the profile cannot be loaded', async () => {
    api.on('GET /api/v1/user-profile', { status: 500, error: 'Something went wrong', errorCode: 'INTERNAL' });
    const { router } = renderProfile();

    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
  });
});
