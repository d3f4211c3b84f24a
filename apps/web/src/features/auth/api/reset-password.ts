import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Body of `POST /api/v1/password-reset`. */
export interface PasswordResetRequest {
  resetToken: string;
  password: string;
}

/** `POST /api/v1/password-reset`: sets a new password with the e-mailed token. */
export async function resetPassword(body: PasswordResetRequest): Promise<void> {
  await apiFetch<unknown>('/api/v1/password-reset', { method: 'POST', body });
}

/** The password reset as a mutation. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
