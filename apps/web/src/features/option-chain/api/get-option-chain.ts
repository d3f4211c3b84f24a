import { OptionChainSchema, type DataTier, type OptionChain } from '@fnodesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetchEnvelope } from '../../../lib/api-client';

/** ATM basis of the chain (spec §2.8: Spot, Futures, SynFut). */
export type AtmBasis = OptionChain['atmBasis'];

/** What to fetch. */
export interface OptionChainRequest {
  name: string;
  expiry: string;
  /** Strikes around ATM, 1 to 15. */
  strikes: number;
  atm: AtmBasis;
}

/** A chain answer and what the server said about the user's data. */
export interface OptionChainAnswer {
  chain: OptionChain;
  tier: DataTier | null;
  /** Nothing after this instant was served (epoch ms). */
  asOf: number | undefined;
  /** When the answer arrived (client clock). */
  receivedAt: number;
}

/** `GET /data/v1/option_chain?name&expiry&strikes&atm`: the strikes around ATM with analytics, at the tier's minute. */
export async function getOptionChain(
  request: OptionChainRequest,
  now: () => number,
  signal?: AbortSignal,
): Promise<OptionChainAnswer> {
  const params = new URLSearchParams({
    name: request.name,
    expiry: request.expiry,
    strikes: String(request.strikes),
    atm: request.atm,
  });
  const envelope = await apiFetchEnvelope(`/data/v1/option_chain?${params.toString()}`, {
    schema: OptionChainSchema,
    signal,
  });
  const asOf = envelope.meta?.['asOf'];
  return {
    chain: envelope.data,
    tier: envelope.meta?.tier ?? null,
    asOf: typeof asOf === 'number' ? asOf : undefined,
    receivedAt: now(),
  };
}

/** Spec §9: a failed refresh is retried after 1 s. */
const RETRY_MS = 1_000;

/** The chain of a request (none while `request` is null); refetch to refresh. */
export function useOptionChain(request: OptionChainRequest | null, now: () => number) {
  return useQuery({
    queryKey: ['option-chain', 'chain', request],
    queryFn: ({ signal }) => getOptionChain(request!, now, signal),
    enabled: request !== null,
    // The page refreshes on its own schedule; switching strikes or basis keeps the old rows until the new arrive.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
    retry: 1,
    retryDelay: RETRY_MS,
  });
}
