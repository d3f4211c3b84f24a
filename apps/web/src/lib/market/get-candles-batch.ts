import { TokenCandlesListSchema, type Candle, type DataTier } from '@fnodesk/contracts';
import type { Resolution } from '@fnodesk/domain';
import { apiFetchEnvelope } from '../api-client';

/** Many charts' histories from one request, and what the server said about the user's data. */
export interface CandlesBatch {
  /** Candles per token (a token the server sent nothing for has an empty list). */
  candles: ReadonlyMap<number, Candle[]>;
  /** The tier the candles were served in. */
  tier: DataTier | null;
  /** Nothing after this instant was served (epoch ms). */
  asOf: number | undefined;
  /** When the answer arrived (client clock). */
  receivedAt: number;
}

/** What to fetch: several tokens at one resolution over one window. */
export interface CandlesBatchRequest {
  tokens: readonly number[];
  resolution: Resolution;
  from: number;
  to: number;
}

/**
 * `GET /data/v1/candles?tokens&resolution&from&to` for several instruments at once (ARCHITECTURE §3), so a page of
 * many charts makes one request.
 */
export async function getCandlesBatch(
  request: CandlesBatchRequest,
  now: () => number,
  signal?: AbortSignal,
): Promise<CandlesBatch> {
  const tokens = [...new Set(request.tokens)];
  const params = new URLSearchParams({
    tokens: tokens.join(','),
    resolution: request.resolution,
    from: String(request.from),
    to: String(request.to),
  });
  const envelope = await apiFetchEnvelope(`/data/v1/candles?${params.toString()}`, {
    schema: TokenCandlesListSchema,
    signal,
  });
  const candles = new Map<number, Candle[]>(tokens.map((token) => [token, []]));
  for (const series of envelope.data) candles.set(series.token, series.candles);
  const asOf = envelope.meta?.['asOf'];
  return {
    candles,
    tier: envelope.meta?.tier ?? null,
    asOf: typeof asOf === 'number' ? asOf : undefined,
    receivedAt: now(),
  };
}
