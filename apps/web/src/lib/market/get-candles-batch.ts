import type { Candle, DataTier } from '@fnodesk/contracts';
import type { Clock, Resolution } from '@fnodesk/domain';
import { fetchData } from '../use-data-query';
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
 * `candles?tokens&resolution&from&to` for several instruments at once (ARCHITECTURE §3), so a page of many charts
 * makes one request.
 */
export async function getCandlesBatch(
  request: CandlesBatchRequest,
  clock: Clock,
  signal?: AbortSignal,
): Promise<CandlesBatch> {
  const tokens = [...new Set(request.tokens)];
  const { resolution, from, to } = request;
  const answer = await fetchData('candles', { tokens, resolution, from, to }, { clock, ...(signal ? { signal } : {}) });
  const candles = new Map<number, Candle[]>(tokens.map((token) => [token, []]));
  for (const series of answer.data) candles.set(series.token, series.candles);
  return { candles, tier: answer.tier, asOf: answer.asOf, receivedAt: answer.receivedAt };
}
