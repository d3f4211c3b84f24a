import { ProfileSchema, type Profile, type ProfileUpdate } from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userProfileQueryOptions } from './get-user-profile';

/** `PUT /api/v1/user-profile`: saves names and mobile; resolves with the updated profile. */
export function updateUserProfile(body: ProfileUpdate): Promise<Profile> {
  return apiFetch('/api/v1/user-profile', { method: 'PUT', body, schema: ProfileSchema });
}

/** The profile update as a mutation; the cached profile is replaced with the server's answer. */
export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: (profile) => queryClient.setQueryData(userProfileQueryOptions().queryKey, profile),
  });
}
