// Summaries shared by the benchmarks.
import { readFileSync } from 'node:fs';

/** The spread of a set of samples. */
export interface Summary {
  min: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
}

/** Min, median, p95, p99 and max of samples (nearest rank). */
export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { min: sorted[0]!, median: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/** Jiffies of all CPUs from /proc/stat's `cpu` line: [steal, total], or null where the file is not there. */
function cpuJiffies(): [number, number] | null {
  try {
    const line = readFileSync('/proc/stat', 'latin1').split('\n', 1)[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return [fields[7] ?? 0, total];
  } catch {
    return null;
  }
}

/**
 * Starts measuring the CPU time a virtual machine's host gave to others while this machine's CPUs wanted it
 * (steal). The function returned gives the share of all CPU time stolen since the start, in %, or null where
 * /proc/stat is not available. On a shared host it explains figures that no change of the code does.
 */
export function stealMeter(): () => number | null {
  const start = cpuJiffies();
  return () => {
    const now = cpuJiffies();
    if (!start || !now || now[1] === start[1]) return null;
    return (100 * (now[0] - start[0])) / (now[1] - start[1]);
  };
}

/** A steal share for a report line: "12.3 %", or "n/a". */
export function formatSteal(steal: number | null): string {
  return steal === null ? 'n/a' : `${steal.toFixed(1)} %`;
}
