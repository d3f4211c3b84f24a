// Summaries shared by the benchmarks.

/** The spread of a set of samples. */
export interface Summary {
  min: number;
  median: number;
  p99: number;
  max: number;
}

/** Min, median, p99 and max of samples (nearest rank). */
export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { min: sorted[0]!, median: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}
