import { apiFetch } from '../../../lib/api-client';

/** Body of `POST /api/v1/user-logout`. */
export interface LogoutRequest {
  loginSecret: string;
  email?: string;
}

/** `POST /api/v1/user-logout`: ends the session on the server. */
export async function logoutUser(body: LogoutRequest): Promise<void> {
  await apiFetch<unknown>('/api/v1/user-logout', { method: 'POST', body });
}
