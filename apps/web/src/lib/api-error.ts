import type { ErrorCode } from '@fnodesk/contracts';

/**
 * Error codes a caller can branch on: the server's stable codes plus two the client produces itself —
 * `NETWORK` (no response at all) and `INVALID_RESPONSE` (a response that is not the JSON envelope).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'INVALID_RESPONSE';

/** What the server (or the client, for transport failures) said about a failed call. */
export interface ApiErrorDetails {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  errorCode: ApiErrorCode;
  message: string;
  /** For VALIDATION_FAILED: the first offending field, as a dotted path. */
  field?: string;
}

/** A failed API call. Branch on `errorCode`, show `message` to people. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorCode: ApiErrorCode;
  readonly field: string | undefined;

  constructor(details: ApiErrorDetails, options?: ErrorOptions) {
    super(details.message, options);
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.field = details.field;
  }
}

/** True when `error` is an ApiError, optionally with the given code. */
export function isApiError(error: unknown, errorCode?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (errorCode === undefined || error.errorCode === errorCode);
}
