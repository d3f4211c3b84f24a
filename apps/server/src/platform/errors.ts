import { ERROR_STATUS, type ErrorCode } from '@fnodesk/contracts';

/**
 * An error with a stable code, thrown by services and turned into the response envelope by the one error handler.
 * `message` is shown to people; it never carries secrets or internals.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly errorCode: ErrorCode;
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    errorCode: ErrorCode,
    message: string,
    options: { status?: number; field?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.errorCode = errorCode;
    this.statusCode = options.status ?? ERROR_STATUS[errorCode];
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

/** True for an `AppError`. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Factories for the errors every module raises, so messages stay consistent. */
export const errors = {
  /** 400: a field failed validation. */
  validation: (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { field }),
  /** 403: the session is missing, unknown, ended or idle too long. */
  sessionExpired: () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please log in again.'),
  /** 402: the user has no plan that covers this. */
  planRequired: () =>
    new AppError('PLAN_REQUIRED', 'You do not have a valid plan. Please purchase a plan to use the product.'),
  /** 404: missing, or another user's. */
  notFound: (what = 'The requested resource') => new AppError('NOT_FOUND', `${what} was not found.`),
  /** 409: a state conflict. */
  conflict: (message: string) => new AppError('CONFLICT', message),
  /** 429: too many requests; `retryAfterSeconds` goes to the Retry-After header. */
  rateLimited: (retryAfterSeconds: number) =>
    new AppError('RATE_LIMITED', `Too many requests. Please try again in ${retryAfterSeconds} seconds.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  /** 503: a dependency is down; fail closed. */
  unavailable: (message = 'The service is temporarily unavailable. Please try again shortly.') =>
    new AppError('SERVICE_UNAVAILABLE', message, { headers: { 'retry-after': '5' } }),
} as const;
