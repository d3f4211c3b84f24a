import { TotpEnabledSchema, TotpSetupSchema, type TotpEnabled, type TotpSetup } from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userProfileQueryOptions } from './get-user-profile';

/** `POST /api/v1/user-totp-setup`: after the password, a new key to add to an authenticator app. */
export function setUpTotp(password: string): Promise<TotpSetup> {
  return apiFetch('/api/v1/user-totp-setup', { method: 'POST', body: { password }, schema: TotpSetupSchema });
}

/** `POST /api/v1/user-totp-enable`: a code from the app turns two-factor sign-in on; answers the recovery codes. */
export function enableTotp(code: string): Promise<TotpEnabled> {
  return apiFetch('/api/v1/user-totp-enable', { method: 'POST', body: { code }, schema: TotpEnabledSchema });
}

/** `POST /api/v1/user-totp-disable`: the password and a code turn two-factor sign-in off. */
export async function disableTotp(body: { password: string; code: string }): Promise<void> {
  await apiFetch<unknown>('/api/v1/user-totp-disable', { method: 'POST', body });
}

/** The three two-factor calls as mutations; turning it on or off reloads the profile (its `totpEnabled`). */
export function useTwoFactorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userProfileQueryOptions().queryKey });
  return {
    setup: useMutation({ mutationFn: setUpTotp }),
    enable: useMutation({ mutationFn: enableTotp, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableTotp, onSuccess: refresh }),
  };
}
