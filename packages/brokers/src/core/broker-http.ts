import { systemClock, type Clock } from '@fnodesk/domain';
import { BrokerError } from './broker-error';

/** One HTTP call to a broker. */
export interface BrokerHttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /**
   * Whether sending the call twice is harmless. Only idempotent calls are retried: a POST that placed an order and
   * then timed out must be reconciled, never resent. Defaults to true for GET, PUT and DELETE, false for POST.
   */
  readonly idempotent?: boolean;
  /** Overrides the client's timeout for this call. */
  readonly timeoutMs?: number;
}

/** A broker's answer with any status below 500 (and not 429); the body already read. */
export interface BrokerHttpResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Token-bucket limits: `perSecond` sustained, up to `burst` at once. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst?: number;
}

/** Settings of one adapter's HTTP client. */
export interface BrokerHttpOptions {
  /** Registry id and display name of the broker, for errors. */
  readonly brokerId: string;
  readonly brokerName: string;
  readonly fetch?: typeof fetch;
  readonly clock?: Pick<Clock, 'now' | 'setTimeout'>;
  /**
   * Waits between retries and for the rate limiter; default real time, even when `clock` is a test's fake clock
   * (a fake clock nobody advances would stall every call). Tests pass one that returns at once.
   */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Per-attempt timeout; default 10 s. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt for idempotent calls; default 2. */
  readonly retries?: number;
  /** First backoff delay, doubled on each retry up to `maxBackoffMs`; defaults 250 ms and 4 s. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Default 10 requests a second, the general Kite Connect limit and below most Indian brokers' limits. */
  readonly rateLimit?: RateLimit;
}

/** The HTTP client an adapter uses for everything it sends to its broker. */
export interface BrokerHttp {
  /**
   * Sends a call through the rate limiter with a timeout, retrying idempotent calls on network errors, timeouts,
   * 429 and 5xx with exponential backoff. Resolves with any answer below 500 except 429; rejects with a
   * `BrokerError` (BROKER_TIMEOUT, BROKER_UNAVAILABLE or RATE_LIMITED) otherwise.
   */
  request(request: BrokerHttpRequest): Promise<BrokerHttpResponse>;
}

/** A token bucket: `take()` resolves when a request may go. */
export interface TokenBucket {
  take(): Promise<void>;
}

/** A sleep over a clock's timers. */
export function clockSleep(clock: Pick<Clock, 'setTimeout'>): (ms: number) => Promise<void> {
  return (ms) => new Promise<void>((resolve) => void clock.setTimeout(resolve, ms));
}

/**
 * Creates a token bucket. Each `take()` reserves a token at once (the count may go negative) and waits for the time
 * the bucket needs to earn it back, so concurrent callers are spaced evenly in arrival order.
 */
export function createTokenBucket(
  limit: RateLimit,
  clock: Pick<Clock, 'now'>,
  sleep: (ms: number) => Promise<void>,
): TokenBucket {
  if (!(limit.perSecond > 0)) throw new RangeError('A rate limit needs a positive perSecond');
  const burst = Math.max(1, limit.burst ?? limit.perSecond);
  let tokens = burst;
  let last = clock.now();
  return {
    async take() {
      const now = clock.now();
      tokens = Math.min(burst, tokens + ((now - last) * limit.perSecond) / 1000);
      last = now;
      tokens -= 1;
      if (tokens < 0) await sleep(Math.ceil((-tokens / limit.perSecond) * 1000));
    },
  };
}

type AttemptOutcome = { kind: 'response'; response: BrokerHttpResponse } | { kind: 'retryable'; error: BrokerError };

/** Creates the HTTP client of one adapter (one rate limiter per client). */
export function createBrokerHttp(options: BrokerHttpOptions): BrokerHttp {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? clockSleep(systemClock);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = Math.max(0, options.retries ?? 2);
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 4_000;
  const bucket = createTokenBucket(options.rateLimit ?? { perSecond: 10 }, clock, sleep);
  const errorOptions = { brokerId: options.brokerId };

  async function attempt(request: BrokerHttpRequest): Promise<AttemptOutcome> {
    const limit = request.timeoutMs ?? timeoutMs;
    const controller = new AbortController();
    const timer = clock.setTimeout(() => controller.abort(), limit);
    try {
      const res = await doFetch(request.url, {
        method: request.method,
        headers: request.headers ? { ...request.headers } : undefined,
        body: request.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      const text = await res.text();
      if (res.status === 429) {
        return {
          kind: 'retryable',
          error: new BrokerError(
            'RATE_LIMITED',
            `${options.brokerName} is limiting requests; try again shortly.`,
            errorOptions,
          ),
        };
      }
      if (res.status >= 500) {
        return {
          kind: 'retryable',
          error: new BrokerError(
            'BROKER_UNAVAILABLE',
            `${options.brokerName} answered with a server error (HTTP ${res.status}).`,
            errorOptions,
          ),
        };
      }
      return { kind: 'response', response: { status: res.status, headers: res.headers, text } };
    } catch {
      // The thrown value may quote the URL, which can carry tokens: it is not passed on.
      return {
        kind: 'retryable',
        error: controller.signal.aborted
          ? new BrokerError('BROKER_TIMEOUT', `${options.brokerName} did not answer within ${limit} ms.`, errorOptions)
          : new BrokerError('BROKER_UNAVAILABLE', `${options.brokerName} could not be reached.`, errorOptions),
      };
    } finally {
      timer.cancel();
    }
  }

  return {
    async request(request) {
      const idempotent = request.idempotent ?? request.method !== 'POST';
      const attempts = idempotent ? retries + 1 : 1;
      let lastError: BrokerError | undefined;
      for (let i = 0; i < attempts; i += 1) {
        if (i > 0) await sleep(Math.min(maxBackoffMs, backoffMs * 2 ** (i - 1)));
        await bucket.take();
        const outcome = await attempt(request);
        if (outcome.kind === 'response') return outcome.response;
        lastError = outcome.error;
      }
      throw (
        lastError ?? new BrokerError('BROKER_UNAVAILABLE', `${options.brokerName} could not be reached.`, errorOptions)
      );
    },
  };
}
