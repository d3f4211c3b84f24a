import { MessageResponseSchema } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/password-reset-request`: e-mails a reset link; resolves with the message to show. */
export function requestPasswordReset(email: string): Promise<string> {
  return apiFetch('/api/v1/password-reset-request', {
    method: 'POST',
    body: { email },
    schema: MessageResponseSchema,
  });
}

/** The reset-link request as a mutation. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
