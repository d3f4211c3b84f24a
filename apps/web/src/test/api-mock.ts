import { vi, type Mock } from 'vitest';

/** One request the app sent, as the mock saw it. */
export interface CapturedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** How the mock answers: an envelope built from these parts, or a network failure. */
export type ApiReply =
  | {
      status?: number;
      data?: unknown;
      meta?: Record<string, unknown>;
      error?: string;
      errorCode?: string;
      field?: string;
    }
  | { networkError: true };

type Responder = ApiReply | ((request: CapturedRequest) => ApiReply | Promise<ApiReply>);

/** A fetch mock keyed by 'METHOD /path' (no query) that records what was sent. */
export interface ApiMock {
  fetch: Mock<typeof fetch>;
  /** Requests sent to 'METHOD /path', in order. */
  calls(route: string): CapturedRequest[];
  /** Sets or replaces the answer of one route. */
  on(route: string, responder: Responder): void;
}

function urlOf(input: Parameters<typeof fetch>[0]): URL {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, 'http://localhost');
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Stubs the global fetch (undo with `vi.unstubAllGlobals()`) to answer envelopes per route; unknown routes get 404. */
export function mockApi(routes: Record<string, Responder> = {}): ApiMock {
  const responders = new Map<string, Responder>(Object.entries(routes));
  const sent: { route: string; request: CapturedRequest }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = urlOf(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const request: CapturedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: parseBody(init.body),
    };
    const route = `${method} ${url.pathname}`;
    sent.push({ route, request });
    const responder = responders.get(route);
    const reply: ApiReply =
      responder === undefined
        ? { status: 404, error: 'Not found', errorCode: 'NOT_FOUND' }
        : typeof responder === 'function'
          ? await responder(request)
          : responder;
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const envelope = { code: status, ...reply, status: undefined };
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls: (route) => sent.filter((entry) => entry.route === route).map((entry) => entry.request),
    on: (route, responder) => {
      responders.set(route, responder);
    },
  };
}
