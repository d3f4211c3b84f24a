import { ReferralEarningsSchema, type ReferralEarnings } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /data/v1/referral-earnings`: the user's referral code and link, sign-ups and earnings. */
export function getReferralEarnings(signal?: AbortSignal): Promise<ReferralEarnings> {
  return apiFetch('/data/v1/referral-earnings', { schema: ReferralEarningsSchema, signal });
}

/** Query options of the referral earnings. */
export function referralEarningsQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'referral-earnings'],
    queryFn: ({ signal }) => getReferralEarnings(signal),
  });
}

/** The user's referral earnings. */
export function useReferralEarnings() {
  return useQuery(referralEarningsQueryOptions());
}
