import type { AppLogger } from './logger';

/** One thing to stop on shutdown, in order. */
export interface ShutdownStep {
  readonly name: string;
  run(): Promise<void>;
}

/** Runs shutdown steps once, in order; later calls return the same promise. A failing step does not stop the rest. */
export function createShutdown(logger: AppLogger, steps: readonly ShutdownStep[]): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () =>
    (running ??= (async () => {
      let clean = true;
      for (const step of steps) {
        const started = Date.now();
        try {
          await step.run();
          logger.info({ step: step.name, ms: Date.now() - started }, 'shutdown step done');
        } catch (err) {
          clean = false;
          logger.error({ err, step: step.name }, 'shutdown step failed');
        }
      }
      return clean;
    })());
}

/**
 * On SIGTERM or SIGINT: run the shutdown once and exit (0 when every step was clean). A second signal while
 * stopping is logged and ignored, so the database is never left half-closed.
 */
export function exitOnSignals(
  logger: AppLogger,
  shutdown: () => Promise<boolean>,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void shutdown().then((clean) => exit(clean ? 0 : 1));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Resolves when `work` finishes, or after `ms` by running `onTimeout` and then waiting for `work` anyway. */
export async function withDeadline(work: Promise<void>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([work.then(() => 'done' as const), deadline]);
  clearTimeout(timer);
  if (outcome === 'late') {
    onTimeout();
    await work;
  }
}

/** The part of a Fastify instance the HTTP shutdown needs. */
export interface ClosableHttp {
  close(): PromiseLike<unknown>;
  readonly server: { closeIdleConnections(): void; closeAllConnections(): void };
}

/**
 * Stops accepting, lets in-flight requests finish, and closes each keep-alive connection as soon as its request
 * is done (Node only closes connections that are idle at the moment close starts). Whatever is still open at
 * `graceMs` is cut.
 */
export async function closeHttp(app: ClosableHttp, graceMs: number): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await withDeadline(
      Promise.resolve(app.close()).then(() => undefined),
      graceMs,
      () => app.server.closeAllConnections(),
    );
  } finally {
    clearInterval(sweep);
  }
}
