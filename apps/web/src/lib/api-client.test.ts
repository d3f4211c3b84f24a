import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify/unstyled';
import { apiFetch, apiFetchEnvelope, setApiNavigator } from './api-client';
import { ApiError } from './api-error';
import { SESSION_STORAGE_KEY } from './session-storage';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
let restoreNavigator: () => void;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function sentRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls[0];
  if (call === undefined) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url, init, headers: new Headers(init.headers) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  restoreNavigator = setApiNavigator(navigate);
});

afterEach(() => {
  restoreNavigator();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiFetch', () => {
  it("returns the envelope's data on success", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: { brokers: ['zerodha'] } }));

    await expect(apiFetch<{ brokers: string[] }>('/api/v1/brokers')).resolves.toEqual({ brokers: ['zerodha'] });
    expect(sentRequest().url).toBe('/api/v1/brokers');
    expect(sentRequest().init.method).toBe('GET');
  });

  it('keeps meta (the data tier) available through apiFetchEnvelope', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { code: 200, data: [], meta: { tier: 'delayed', delayMs: 1_800_000 } }),
    );

    const envelope = await apiFetchEnvelope<unknown[]>('/data/v1/straddle');

    expect(envelope.meta).toEqual({ tier: 'delayed', delayMs: 1_800_000 });
    expect(envelope.data).toEqual([]);
  });

  it('attaches the userid and secret headers from the stored session', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ userID: 'u-42', loginSecret: 'c2VjcmV0', email: 'trader@example.com' }),
    );
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: null }));

    await apiFetch('/api/v1/user-profile');

    expect(sentRequest().headers.get('userid')).toBe('u-42');
    expect(sentRequest().headers.get('secret')).toBe('c2VjcmV0');
  });

  it('sends no credentials when nobody is signed in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: null }));

    await apiFetch('/api/v1/package-list');

    expect(sentRequest().headers.has('userid')).toBe(false);
    expect(sentRequest().headers.has('secret')).toBe(false);
  });

  it('sends a body as application/json', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: { ok: true } }));

    await apiFetch('/api/v1/user-login', { method: 'POST', body: { email: 'a@b.in', password: 'password1' } });

    const { init, headers } = sentRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.in', password: 'password1' }));
  });

  it('validates data with a schema when one is given', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: { count: 'three' } }));
    const schema = {
      parse(data: unknown): { count: number } {
        if (typeof data === 'object' && data !== null && 'count' in data && typeof data.count === 'number') {
          return { count: data.count };
        }
        throw new Error('count must be a number');
      },
    };

    const error = await caught(apiFetch('/api/v1/count', { schema }));

    expect(error.errorCode).toBe('INVALID_RESPONSE');
  });

  it('throws a typed ApiError carrying status, code, message and field for a non-2xx envelope', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 400, error: 'Enter a valid e-mail', errorCode: 'VALIDATION_FAILED', field: 'email' }),
    );

    const error = await caught(apiFetch('/api/v1/user-register', { method: 'POST', body: {} }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Enter a valid e-mail');
    expect(error.field).toBe('email');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 403 clears the stored session and goes to the login page', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 'abc' }));
    fetchMock.mockResolvedValue(
      jsonResponse(403, { code: 403, error: 'Session expired', errorCode: 'SESSION_EXPIRED', sessionExpired: true }),
    );

    const error = await caught(apiFetch('/api/v1/brokers'));

    expect(error.status).toBe(403);
    expect(error.errorCode).toBe('SESSION_EXPIRED');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/authentication/login');
  });

  it('on a 403 for a session signed out while the request was under way, stays on the page it went to', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 'abc' }));
    fetchMock.mockImplementation(async () => {
      // The user signs out (the logout page drops the session) before the server's answer arrives.
      window.localStorage.removeItem(SESSION_STORAGE_KEY);
      return jsonResponse(403, { code: 403, error: 'Session expired', errorCode: 'SESSION_EXPIRED' });
    });

    const error = await caught(apiFetch('/api/v1/login-check'));

    expect(error.errorCode).toBe('SESSION_EXPIRED');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 403 for a replaced session keeps the new one', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 'old' }));
    const fresh = JSON.stringify({ userID: 'u-1', loginSecret: 'new' });
    fetchMock.mockImplementation(async () => {
      window.localStorage.setItem(SESSION_STORAGE_KEY, fresh);
      return jsonResponse(403, { code: 403, error: 'Session expired', errorCode: 'SESSION_EXPIRED' });
    });

    await caught(apiFetch('/api/v1/brokers'));

    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBe(fresh);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats a 403 without an envelope as an expired session too', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 'abc' }));
    fetchMock.mockResolvedValue(new Response('Forbidden', { status: 403 }));

    const error = await caught(apiFetch('/data/v1/get_option_expiry'));

    expect(error.errorCode).toBe('SESSION_EXPIRED');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/authentication/login');
  });

  it('treats the sessionExpired flag on a data response as an expired session', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 'abc' }));
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: [], sessionExpired: true }));

    const error = await caught(apiFetch('/data/v1/straddle'));

    expect(error.errorCode).toBe('SESSION_EXPIRED');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/authentication/login');
  });

  it('on 402 shows the plan toast and goes to Discover pricing', async () => {
    const toastError = vi.spyOn(toast, 'error');
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 'abc' }));
    fetchMock.mockResolvedValue(jsonResponse(402, { code: 402, error: 'Plan required', errorCode: 'PLAN_REQUIRED' }));

    const error = await caught(apiFetch('/data/v1/straddle'));

    expect(error.status).toBe(402);
    expect(error.errorCode).toBe('PLAN_REQUIRED');
    expect(toastError).toHaveBeenCalledWith(
      'You do not have a valid plan. Please purchase a plan to use the product.',
      expect.objectContaining({ toastId: 'plan-required' }),
    );
    expect(navigate).toHaveBeenCalledWith('/discover/pricing');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('turns a network failure into a NETWORK ApiError with the connection message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await caught(apiFetch('/api/v1/brokers'));

    expect(error.status).toBe(0);
    expect(error.errorCode).toBe('NETWORK');
    expect(error.message).toBe('Please check your internet connection and try again');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets a cancelled request reject with the abort, not as a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);

    await expect(apiFetch('/api/v1/brokers', { signal: controller.signal })).rejects.toBe(abort);
    expect(sentRequest().init.signal).toBe(controller.signal);
  });

  it('maps a non-JSON gateway error to SERVICE_UNAVAILABLE with a generic message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));

    const error = await caught(apiFetch('/api/v1/brokers'));

    expect(error.status).toBe(502);
    expect(error.errorCode).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe('Something went wrong. Please try again later.');
  });

  it('rejects a 200 whose body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html><title>FNO Desk</title>', { status: 200 }));

    const error = await caught(apiFetch('/api/v1/brokers'));

    expect(error.errorCode).toBe('INVALID_RESPONSE');
  });
});
