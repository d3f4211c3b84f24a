import {
  canonicalDataParams,
  dataOperations,
  dataOperationUrl,
  type DataBody,
  type DataGetOperationName,
  type DataOperationName,
  type DataParams,
  type DataResponse,
  type DataTier,
} from '@fnodesk/contracts';
import { systemClock, type Clock } from '@fnodesk/domain';
import { queryOptions, useQuery, type keepPreviousData, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetchEnvelope, type DataParser } from './api-client';

/** An operation's answer and what the server said about the user's data. */
export interface DataAnswer<Op extends DataGetOperationName> {
  /** The envelope's `data`, parsed with the operation's response schema. */
  data: DataResponse<Op>;
  /** The tier the data was served in (null when the envelope says none). */
  tier: DataTier | null;
  /** How far the tier delays the data (ms), when the server says. */
  delayMs: number | undefined;
  /** Nothing after this instant was served (epoch ms), when the server says. */
  asOf: number | undefined;
  /** When the answer arrived (the caller's clock). */
  receivedAt: number;
}

/** The canonical query key of an operation's request: `[op, params]` with the params in their canonical form. */
export type DataQueryKey = readonly [DataGetOperationName, Readonly<Record<string, string>>];

/** The query key two requests for the same data share, however their params were written. */
export function dataQueryKey<Op extends DataGetOperationName>(op: Op, params: DataParams<Op>): DataQueryKey {
  return [op, canonicalDataParams(params)];
}

/** `GET /data/v1/<op>?params`: the answer parsed with the operation's schema, with its tier meta. */
export async function fetchData<Op extends DataGetOperationName>(
  op: Op,
  params: DataParams<Op>,
  options: { signal?: AbortSignal | undefined; clock?: Clock | undefined } = {},
): Promise<DataAnswer<Op>> {
  // The table pairs each operation with its schema; indexing it by a generic key loses that pairing.
  const schema = dataOperations[op].response as unknown as DataParser<DataResponse<Op>>;
  const envelope = await apiFetchEnvelope(dataOperationUrl(op, params), {
    schema,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const asOf = envelope.meta?.['asOf'];
  return {
    data: envelope.data,
    tier: envelope.meta?.tier ?? null,
    delayMs: envelope.meta?.delayMs,
    asOf: typeof asOf === 'number' ? asOf : undefined,
    receivedAt: (options.clock ?? systemClock).now(),
  };
}

/** Spec §9: a failed data call is retried once, after 1 s. */
export const DATA_RETRY_MS = 1_000;
// Components mounting together (or a page reopened within the half-minute) reuse one answer.
const DEFAULT_STALE_MS = 30_000;
/** How long answers stay fresh where that differs from the default: lists that change daily or yearly. */
const STALE_MS: Partial<Record<DataGetOperationName, number>> = {
  // A listing changes at most once a day (a new weekly after an expiry).
  get_option_expiry: 10 * 60_000,
  search: 10 * 60_000,
  // Holidays and special sessions change a few times a year.
  get_exchange_holidays: Infinity,
  get_special_session: Infinity,
};

/** What a caller may tune of a data query (the key and the fetcher are the operation's). */
export type DataQueryOptions<Op extends DataGetOperationName, TSelected = DataAnswer<Op>> = Omit<
  UseQueryOptions<DataAnswer<Op>, Error, TSelected, DataQueryKey>,
  'queryKey' | 'queryFn' | 'enabled'
> & {
  /** False holds the query back (it also waits while `params` is null). */
  enabled?: boolean;
  /** The clock `receivedAt` is read from. */
  clock?: Clock;
};

/** Query options of one operation's request (for `useQuery`, `prefetchQuery`, `fetchQuery`). */
export function dataQueryOptions<Op extends DataGetOperationName, TSelected = DataAnswer<Op>>(
  op: Op,
  params: DataParams<Op> | null,
  options: DataQueryOptions<Op, TSelected> = {},
) {
  const { clock, enabled, ...rest } = options;
  return queryOptions<DataAnswer<Op>, Error, TSelected, DataQueryKey>({
    // A disabled query (no params yet) still needs a key; it never fetches.
    queryKey: params === null ? [op, {}] : dataQueryKey(op, params),
    queryFn: ({ signal }) => fetchData(op, params!, { signal, ...(clock === undefined ? {} : { clock }) }),
    staleTime: STALE_MS[op] ?? DEFAULT_STALE_MS,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: DATA_RETRY_MS,
    ...rest,
    enabled: params !== null && (enabled ?? true),
  });
}

/**
 * Reads a `/data/v1` operation of the contracts' table: one fetcher and one cache entry per operation and params,
 * so pages and components asking for the same data share the request and the answer. `params` null waits (the
 * query is disabled until they are known).
 */
export function useDataQuery<Op extends DataGetOperationName, TSelected = DataAnswer<Op>>(
  op: Op,
  params: DataParams<Op> | null,
  options: DataQueryOptions<Op, TSelected> = {},
) {
  return useQuery(dataQueryOptions(op, params, options));
}

/** Names of the operations read with POST (a body beside the query). */
export type DataPostOperationName = Exclude<DataOperationName, DataGetOperationName>;

/** A POST operation's answer and what the server said about the user's data. */
export type DataPostAnswer<Op extends DataPostOperationName> = Omit<DataAnswer<DataGetOperationName>, 'data'> & {
  data: DataResponse<Op>;
};

/** `POST /data/v1/<op>?params` with a JSON body: the answer parsed with the operation's schema, with its tier meta. */
export async function fetchPostData<Op extends DataPostOperationName>(
  op: Op,
  params: DataParams<Op>,
  body: DataBody<Op>,
  options: { signal?: AbortSignal | undefined; clock?: Clock | undefined } = {},
): Promise<DataPostAnswer<Op>> {
  // The table pairs each operation with its schema; indexing it by a generic key loses that pairing.
  const schema = dataOperations[op].response as unknown as DataParser<DataResponse<Op>>;
  const envelope = await apiFetchEnvelope(dataOperationUrl(op, params), {
    method: 'POST',
    body,
    schema,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const asOf = envelope.meta?.['asOf'];
  return {
    data: envelope.data,
    tier: envelope.meta?.tier ?? null,
    delayMs: envelope.meta?.delayMs,
    asOf: typeof asOf === 'number' ? asOf : undefined,
    receivedAt: (options.clock ?? systemClock).now(),
  };
}

/**
 * Reads a POST `/data/v1` operation (a strategy's legs in the body) as a query: one cache entry per operation,
 * params and body, so two components asking for the same strategy share the answer. `params` or `body` null waits.
 */
export function usePostDataQuery<Op extends DataPostOperationName>(
  op: Op,
  params: DataParams<Op> | null,
  body: DataBody<Op> | null,
  options: { clock?: Clock; placeholderData?: typeof keepPreviousData } = {},
) {
  const { clock, placeholderData } = options;
  return useQuery({
    queryKey: [op, params === null ? {} : canonicalDataParams(params), body] as const,
    queryFn: ({ signal }) => fetchPostData(op, params!, body!, { signal, clock }),
    enabled: params !== null && body !== null,
    // The page refreshes on its own schedule.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: DATA_RETRY_MS,
    ...(placeholderData === undefined ? {} : { placeholderData }),
  });
}
