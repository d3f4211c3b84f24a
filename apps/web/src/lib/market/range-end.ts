import type { DataTier } from '@fnodesk/contracts';
import { useCallback, useState } from 'react';
import {
  defaultMarketCalendar,
  latestOpenedSessionAt,
  latestSessionAt,
  type EpochMs,
  type Exchange,
  type MarketCalendar,
} from '@fnodesk/domain';

/**
 * The instant a page's default range ends at: `now`, unless the data served stops before the open of the session
 * `now` falls in. That happens to a delayed tier in a session's first minutes, to a replay that has just started
 * again and to a caller without a subscription (served up to the last close). Then the range ends at the last
 * second of the latest session the data has reached, so the page shows that session instead of an empty one.
 *
 * The answer is the same for every `servedAsOf` before the open, so a page that asks again with it keeps its range.
 */
export function rangeEndWithData(
  now: EpochMs,
  servedAsOf: EpochMs | undefined,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs {
  if (servedAsOf === undefined) return now;
  if (servedAsOf >= latestSessionAt(now, exchange, calendar).open) return now;
  return Math.min(now, latestOpenedSessionAt(servedAsOf, exchange, calendar).close - 1_000);
}

/** What an answer said about how far its data reaches: `asOf` when it arrived at `receivedAt`, in a data tier. */
export interface ServedReach {
  readonly asOf: EpochMs;
  readonly receivedAt: EpochMs;
  readonly tier: DataTier | null;
}

/**
 * How far the data served reaches at `now`: a delayed or live tier's reach moves with the clock from the answer's
 * `asOf`; without a subscription (`none`) it stays at the last close it was served up to.
 */
export function reachAt(served: ServedReach | undefined, now: EpochMs): EpochMs | undefined {
  if (served === undefined) return undefined;
  return served.tier === 'none' ? served.asOf : served.asOf + Math.max(0, now - served.receivedAt);
}

/** What a page reports of an answer: a data answer's meta. */
type ServedAnswer = { asOf?: EpochMs | undefined; receivedAt: EpochMs; tier: DataTier | null } | undefined;

/**
 * The reach of a page's latest answer, for {@link rangeEndWithData}: `[served, report]`, where the page reports each
 * answer once it has it (the range is computed before the query is made). A page whose range was moved back keeps
 * re-reading its clock, so it moves to the current session when the data reaches its open without asking again.
 */
export function useServedReach(): readonly [ServedReach | undefined, (answer: ServedAnswer) => void] {
  const [served, setServed] = useState<ServedReach>();
  const report = useCallback((answer: ServedAnswer) => {
    if (answer?.asOf === undefined) return;
    const { asOf, receivedAt, tier } = answer;
    setServed((current) =>
      current?.asOf === asOf && current.receivedAt === receivedAt ? current : { asOf, receivedAt, tier },
    );
  }, []);
  return [served, report] as const;
}

/**
 * {@link rangeEndWithData} for a page: `[end, report]`, the range end at `now` given the reach of the page's latest
 * answer, and the function the page reports each answer to.
 */
export function useRangeEndWithData(
  now: EpochMs,
  exchange: Exchange,
): readonly [EpochMs, (answer: ServedAnswer) => void] {
  const [served, report] = useServedReach();
  return [rangeEndWithData(now, reachAt(served, now), exchange), report] as const;
}
