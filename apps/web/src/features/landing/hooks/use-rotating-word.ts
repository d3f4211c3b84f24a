import { systemClock, type Clock } from '@fnodesk/domain';
import { useEffect, useState } from 'react';

/** Cycles through `words`, moving to the next one every `intervalMs`; the timer stops on unmount. */
export function useRotatingWord(words: readonly string[], intervalMs: number, clock: Clock = systemClock): string {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (words.length < 2) return undefined;
    const timer = clock.setInterval(() => setIndex((current) => (current + 1) % words.length), intervalMs);
    return () => timer.cancel();
  }, [words.length, intervalMs, clock]);

  return words[index % Math.max(words.length, 1)] ?? '';
}
