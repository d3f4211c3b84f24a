import type { Candle, DataTier } from '@fnodesk/contracts';
import type { Clock, Resolution } from '@fnodesk/domain';
import { getCandlesBatch, type CandlesBatch } from './get-candles-batch';

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

/** `candles?tokens&resolution&from&to`: one instrument's candles, cut at the user's tier. */
export async function getChartCandles(
  request: ChartCandlesRequest,
  clock: Clock,
  signal?: AbortSignal,
): Promise<ChartCandles> {
  const { token, ...window } = request;
  return chartCandlesOf(await getCandlesBatch({ ...window, tokens: [token] }, clock, signal), token);
}

/** One instrument's part of a batch answer. */
export function chartCandlesOf(batch: CandlesBatch, token: number): ChartCandles {
  return {
    candles: batch.candles.get(token) ?? [],
    tier: batch.tier,
    asOf: batch.asOf,
    receivedAt: batch.receivedAt,
  };
}
