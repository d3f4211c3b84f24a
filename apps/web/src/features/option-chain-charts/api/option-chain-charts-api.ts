import { OptionChainSchema, OptionExpiriesSchema, type OptionChain } from '@fnodesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AtmBasis } from '../utils/option-chain-charts-preferences';

/** `GET /data/v1/get_option_expiry?name`: an underlying's option expiries, nearest first. */
export function useOptionExpiries(name: string | null) {
  return useQuery({
    queryKey: ['option-chain-charts', 'expiries', name],
    queryFn: ({ signal }) =>
      apiFetch(`/data/v1/get_option_expiry?${new URLSearchParams({ name: name ?? '' }).toString()}`, {
        schema: OptionExpiriesSchema,
        signal,
      }),
    enabled: name !== null,
    staleTime: 10 * 60_000,
  });
}

/** What chain to ask for. */
export interface OptionChainRequest {
  name: string;
  expiry: string;
  strikes: number;
  atm: AtmBasis;
}

/** `GET /data/v1/option_chain?name&expiry&strikes&atm`: the strikes around ATM with their options and figures. */
export function getOptionChain(request: OptionChainRequest, signal?: AbortSignal): Promise<OptionChain> {
  const params = new URLSearchParams({
    name: request.name,
    expiry: request.expiry,
    strikes: String(request.strikes),
    atm: request.atm,
  });
  return apiFetch(`/data/v1/option_chain?${params.toString()}`, { schema: OptionChainSchema, signal });
}

/** The chain of the chosen expiry and strike count (kept on screen while the next one loads). */
export function useOptionChain(request: OptionChainRequest | null) {
  return useQuery({
    queryKey: ['option-chain-charts', 'chain', request],
    queryFn: ({ signal }) => getOptionChain(request!, signal),
    enabled: request !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: (previous, previousQuery) =>
      // Same instrument and expiry: keep the old strikes while the new count or basis loads.
      previous !== undefined &&
      request !== null &&
      previousQuery?.queryKey[2] !== undefined &&
      previous.name === request.name &&
      previous.expiry === request.expiry
        ? previous
        : undefined,
  });
}
