import { VerifyEmailResponseSchema } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/verify-email`: spends the e-mailed token; resolves with the account's new status word. */
export function verifyEmail(token: string): Promise<string> {
  return apiFetch('/api/v1/verify-email', { method: 'POST', body: { token }, schema: VerifyEmailResponseSchema });
}

/** The e-mail verification call as a mutation (the token is single-use, so it is never retried). */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
