import type { Clock } from '@fnodesk/domain';
import { useEffect, useState } from 'react';

/** The clock's time, re-read every `everyMs` (countdowns and 'Last Updated' texts). */
export function useNow(clock: Clock, everyMs = 1_000): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = clock.setInterval(() => setNow(clock.now()), everyMs);
    return () => timer.cancel();
  }, [clock, everyMs]);
  return now;
}
