import { AnyEnvelopeSchema, type Envelope } from '@fnodesk/contracts';
import { toast } from 'react-toastify/unstyled';
import { ApiError, type ApiErrorCode } from './api-error';
import { clearSession, readSession } from './session-storage';

/** Where an expired session sends the user. */
export const LOGIN_PATH = '/authentication/login';
/** Where a call refused for want of a plan sends the user. */
export const DISCOVER_PRICING_PATH = '/discover/pricing';

/** Shown (spec §8) when a request gets no response at all. */
export const NETWORK_ERROR_MESSAGE = 'Please check your internet connection and try again';
/** Shown when a call is refused with 402 PLAN_REQUIRED. */
export const PLAN_REQUIRED_MESSAGE = 'You do not have a valid plan. Please purchase a plan to use the product.';
/** Shown when a failed response carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

const PLAN_REQUIRED_TOAST_ID = 'plan-required';

/** Client-side navigation used by the API client, injected at app start (the router's `navigate`). */
export type ApiNavigator = (to: string) => unknown;

// Until the app injects the router, a full page load still reaches the right screen.
const defaultNavigator: ApiNavigator = (to) => window.location.assign(to);
let navigateTo: ApiNavigator = defaultNavigator;

/** Injects the navigation function the client uses for 403 → login and 402 → pricing; returns a restore function. */
export function setApiNavigator(navigate: ApiNavigator): () => void {
  const previous = navigateTo;
  navigateTo = navigate;
  return () => {
    navigateTo = previous;
  };
}

/** HTTP methods the API uses. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with a zod-style `parse`, so callers can validate `data` with a schema from `@fnodesk/contracts`. */
export interface DataParser<T> {
  parse(data: unknown): T;
}

/** Options of one API call. */
export interface ApiRequestOptions<T> {
  method?: ApiMethod;
  /** Sent as JSON (`application/json`). */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates and types the envelope's `data`; without it `data` is trusted to be `T`. */
  schema?: DataParser<T>;
  /** Extra request headers (an order's `Idempotency-Key`). */
  headers?: Readonly<Record<string, string>>;
}

/** A successful envelope whose `data` has been typed. */
export type ApiEnvelope<T> = Omit<Envelope<T>, 'data'> & { data: T };

/** Calls the API and returns the whole envelope (for callers that need `meta`, e.g. the data tier). */
export async function apiFetchEnvelope<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<ApiEnvelope<T>> {
  const sentWith = readSession()?.loginSecret ?? null;
  const response = await send(path, options);
  const envelope = await readEnvelope(response);

  if (response.status === 403 || envelope?.sessionExpired === true) {
    // Only the session still stored has expired: an answer to a session already signed out (or replaced by another
    // login) while the request was under way must not clear the new state or leave the page the user went to.
    if ((readSession()?.loginSecret ?? null) === sentWith) {
      clearSession();
      void navigateTo(LOGIN_PATH);
    }
    // A data response may flag the expiry without the 403 status; the code is SESSION_EXPIRED either way.
    throw errorFrom(response.status, envelope, 'SESSION_EXPIRED');
  }
  if (response.status === 402) {
    toast.error(PLAN_REQUIRED_MESSAGE, { toastId: PLAN_REQUIRED_TOAST_ID });
    void navigateTo(DISCOVER_PRICING_PATH);
    throw errorFrom(response.status, envelope);
  }
  if (!response.ok) {
    throw errorFrom(response.status, envelope);
  }
  if (envelope === null) {
    throw new ApiError({ status: response.status, errorCode: 'INVALID_RESPONSE', message: GENERIC_ERROR_MESSAGE });
  }
  return { ...envelope, data: parseData(envelope.data, options.schema, response.status) };
}

/** Calls the API at `path` (same origin) with the stored session's headers and returns the envelope's `data`. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const envelope = await apiFetchEnvelope(path, options);
  return envelope.data;
}

async function send<T>(path: string, options: ApiRequestOptions<T>): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const session = readSession();
  if (session !== null) {
    headers.set('userid', session.userID);
    headers.set('secret', session.loginSecret);
  }
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  if (options.signal !== undefined) init.signal = options.signal;

  try {
    return await fetch(path, init);
  } catch (error) {
    // A cancelled request is not a connectivity problem; let the caller (e.g. TanStack Query) see the abort.
    if (options.signal?.aborted === true) throw error;
    throw new ApiError({ status: 0, errorCode: 'NETWORK', message: NETWORK_ERROR_MESSAGE }, { cause: error });
  }
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ApiError({ status: 0, errorCode: 'NETWORK', message: NETWORK_ERROR_MESSAGE }, { cause: error });
  }
  if (text.length === 0) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = AnyEnvelopeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function errorFrom(
  status: number,
  envelope: Envelope<unknown> | null,
  fallbackCode: ApiErrorCode = codeForStatus(status),
): ApiError {
  const details = {
    status,
    errorCode: envelope?.errorCode ?? fallbackCode,
    message: envelope?.error ?? GENERIC_ERROR_MESSAGE,
  };
  return new ApiError(envelope?.field === undefined ? details : { ...details, field: envelope.field });
}

// For failures without an envelope (a proxy's error page, an empty body): the code the server would have sent.
function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 402:
      return 'PLAN_REQUIRED';
    case 403:
      return 'SESSION_EXPIRED';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'INVALID_RESPONSE';
  }
}

function parseData<T>(data: unknown, schema: DataParser<T> | undefined, status: number): T {
  if (schema === undefined) return data as T;
  try {
    return schema.parse(data);
  } catch (error) {
    throw new ApiError({ status, errorCode: 'INVALID_RESPONSE', message: GENERIC_ERROR_MESSAGE }, { cause: error });
  }
}
