import { LoginSessionSchema, type LoginSession, type LoginTotpRequest } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/user-login-totp`: completes a login that asked for a code, with a TOTP or recovery code. */
export function loginUserTotp(body: LoginTotpRequest): Promise<LoginSession> {
  return apiFetch('/api/v1/user-login-totp', { method: 'POST', body, schema: LoginSessionSchema });
}

/** The login's code step as a mutation. */
export function useLoginUserTotp() {
  return useMutation({ mutationFn: loginUserTotp });
}
