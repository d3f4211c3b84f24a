import { LoginCheckSchema, type LoginCheck } from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/login-check`: the plan and broker flags, refreshed after a purchase (spec §4 Purchase, step 4). */
export function getLoginStatus(): Promise<LoginCheck> {
  return apiFetch('/api/v1/login-check', { schema: LoginCheckSchema });
}
