import { MessageResponseSchema } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/resend-verification`: sends a new verification e-mail; resolves with the message to show. */
export function resendVerification(email: string): Promise<string> {
  return apiFetch('/api/v1/resend-verification', {
    method: 'POST',
    body: { email },
    schema: MessageResponseSchema,
  });
}

/** The resend-verification call as a mutation. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
