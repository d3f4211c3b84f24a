import type { Clock } from '@fnodesk/domain';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createRefreshTimer } from './refresh-timer';

/**
 * Calls `refresh` on the delayed pages' schedule while `enabled` (first 3 s past the next minute boundary, then
 * every `refreshMs`); returns when the next refresh is due, or null while off.
 */
export function useRefreshTimer(enabled: boolean, refresh: () => void, refreshMs: number, clock: Clock): number | null {
  const timer = useMemo(() => createRefreshTimer(clock, refreshMs), [clock, refreshMs]);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);

  useEffect(() => {
    if (!enabled) return undefined;
    timer.start(() => latest.current());
    return () => timer.stop();
  }, [enabled, timer]);

  return useSyncExternalStore(timer.subscribe, timer.nextAt);
}
