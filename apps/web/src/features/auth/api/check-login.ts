import { LoginCheckSchema, type LoginCheck } from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/login-check`: whether the session is still valid (a 403 makes the API client sign the user out). */
export function checkLogin(): Promise<LoginCheck> {
  return apiFetch('/api/v1/login-check', { schema: LoginCheckSchema });
}
