import { ProfileSchema, type Profile } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/user-profile`: the signed-in user's profile. */
export function getUserProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch('/api/v1/user-profile', { schema: ProfileSchema, signal });
}

/** Query options of the signed-in user's profile. */
export function userProfileQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'user-profile'], queryFn: ({ signal }) => getUserProfile(signal) });
}

/** The signed-in user's profile. */
export function useUserProfile() {
  return useQuery(userProfileQueryOptions());
}
