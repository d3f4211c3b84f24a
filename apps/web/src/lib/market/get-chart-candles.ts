import { TokenCandlesListSchema, type Candle, type DataTier } from '@fnodesk/contracts';
import type { Resolution } from '@fnodesk/domain';
import { apiFetchEnvelope } from '../api-client';

/** One chart's history and what the server said about the user's data. */
export interface ChartCandles {
  candles: Candle[];
  /** The tier the candles were served in. */
  tier: DataTier | null;
  /** Nothing after this instant was served (epoch ms). */
  asOf: number | undefined;
  /** When the answer arrived (client clock). */
  receivedAt: number;
}

/** What to fetch. */
export interface ChartCandlesRequest {
  token: number;
  resolution: Resolution;
  from: number;
  to: number;
}

/** `GET /data/v1/candles?tokens&resolution&from&to`: one instrument's candles, cut at the user's tier. */
export async function getChartCandles(
  request: ChartCandlesRequest,
  now: () => number,
  signal?: AbortSignal,
): Promise<ChartCandles> {
  const params = new URLSearchParams({
    tokens: String(request.token),
    resolution: request.resolution,
    from: String(request.from),
    to: String(request.to),
  });
  const envelope = await apiFetchEnvelope(`/data/v1/candles?${params.toString()}`, {
    schema: TokenCandlesListSchema,
    signal,
  });
  const asOf = envelope.meta?.['asOf'];
  return {
    candles: envelope.data.find((series) => series.token === request.token)?.candles ?? [],
    tier: envelope.meta?.tier ?? null,
    asOf: typeof asOf === 'number' ? asOf : undefined,
    receivedAt: now(),
  };
}
