import { RegisterResponseSchema, type RegisterRequest, type RegisterResponse } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/user`: creates the account; a Google registration is signed in at once. */
export function registerUser(body: RegisterRequest): Promise<RegisterResponse> {
  return apiFetch('/api/v1/user', { method: 'POST', body, schema: RegisterResponseSchema });
}

/** The registration call as a mutation. */
export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
