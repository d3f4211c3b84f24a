import { LoginResponseSchema, type LoginRequest, type LoginResponse } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/user-login`: with e-mail and password, or with a Google access token. */
export function loginUser(body: LoginRequest): Promise<LoginResponse> {
  return apiFetch('/api/v1/user-login', { method: 'POST', body, schema: LoginResponseSchema });
}

/** The login call as a mutation. */
export function useLoginUser() {
  return useMutation({ mutationFn: loginUser });
}
