import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Body of `POST /api/v1/change-password`. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api/v1/change-password`: the signed-in user's new password; the user's other sessions end. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await apiFetch<unknown>('/api/v1/change-password', { method: 'POST', body });
}

/** The password change as a mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
