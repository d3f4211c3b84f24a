// A constant-rate ("open loop") HTTP load generator. Requests go out on a fixed schedule, `rate` a second spread
// evenly, whatever the server's answers; each latency is counted from the instant its request was due to be sent
// to the last byte of its answer, so a server that falls behind is charged for the wait of every request queued
// behind it (no coordinated omission). Keep-alive connections, at most `connections` requests in flight.
//
// autocannon's `overallRate` is different: it gives each connection a quota per second, which the connection
// spends back to back at the start of each second and then idles, so the server sees bursts at full speed rather
// than the rate; and it corrects for coordinated omission as if requests were due every millisecond.
import { Agent, request } from 'node:http';
import { summarise } from './stats';

export interface OpenLoopOptions {
  readonly port: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Paths asked in turn. */
  readonly paths: readonly string[];
  /** Requests a second. */
  readonly rate: number;
  readonly connections: number;
  readonly seconds: number;
}

export interface OpenLoopResult {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** Answers per second over the run. */
  readonly rps: number;
  /** Non-2xx answers and failed requests. */
  readonly errors: number;
}

/** Runs the schedule and waits for every answer (each request gives up after 10 s). */
export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { port, headers, paths, rate, connections, seconds } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const interval = 1_000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const started = performance.now();

  return new Promise((resolve) => {
    const settle = (due: number, ok: boolean) => {
      if (ok) latencies.push(performance.now() - due);
      else errors++;
      if (++settled < total) return;
      agent.destroy();
      const elapsed = (performance.now() - started) / 1_000;
      const { median, p95, p99, max } =
        latencies.length > 0 ? summarise(latencies) : { median: NaN, p95: NaN, p99: NaN, max: NaN };
      resolve({ p50: median, p95, p99, max, rps: latencies.length / elapsed, errors });
    };
    const send = (due: number, path: string) => {
      const req = request({ host: '127.0.0.1', port, path, headers, agent, timeout: 10_000 }, (res) => {
        const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300;
        res.on('data', () => undefined);
        res.on('end', () => settle(due, ok));
        res.on('error', () => settle(due, false));
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => settle(due, false));
      req.end();
    };
    // Timers fire late by up to a millisecond or so; each tick sends every request whose time has come, charged
    // from its due time.
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        send(started + sent * interval, paths[sent % paths.length]!);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
}
