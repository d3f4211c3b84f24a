import { z } from 'zod';

/**
 * Stable machine-readable error codes (ARCHITECTURE §3). Clients branch on these, never on message text.
 * Feature modules add their own codes here so the whole catalogue stays in one place.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'MALFORMED_REQUEST',
  'REQUEST_TIMEOUT',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'SESSION_EXPIRED',
  'PLAN_REQUIRED',
  'BROKER_NOT_LOGGED_IN',
  'BROKER_TOKEN_EXPIRED',
  'TRADE_ALLOWANCE_EXCEEDED',
  'PAPER_TRADING_ONLY',
  'CONFLICT',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'TOKEN_INVALID',
  'GOOGLE_TOKEN_INVALID',
  'GOOGLE_LOGIN_UNAVAILABLE',
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TOTP_CHALLENGE_INVALID',
  'TOTP_ALREADY_ENABLED',
  'TOTP_NOT_STARTED',
  'PROMO_INVALID',
  'PROMO_EXPIRED',
  'PROMO_EXHAUSTED',
  'PROMO_NOT_APPLICABLE',
  'TRIAL_USED',
  'ALREADY_SUBSCRIBED',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_DECLINED',
  'AMOUNT_MISMATCH',
  'ORDER_NOT_PAYABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  'DOCUMENT_TOO_LARGE',
  'DOCUMENT_LIMIT_REACHED',
  'VERSION_CONFLICT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // Trading core (issue 30).
  'LIVE_TRADING_UNSUPPORTED',
  'IDEMPOTENCY_KEY_REUSED',
  'INSUFFICIENT_FUNDS',
  'ORDER_REJECTED',
  'ORDER_NOT_MODIFIABLE',
  'MODIFICATION_LIMIT',
  'RISK_LIMIT',
  'BROKER_REJECTED',
  'BROKER_UNAVAILABLE',
  // QuikTrade risk engine.
  'DAILY_LOSS_LOCKED',
  'PAPER_BOOK_BUSY',
] as const;

/** One of the stable error codes. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Zod schema of an error code. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The HTTP status each error code is answered with. 403 is used only for an expired session. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze({
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  MALFORMED_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  SESSION_EXPIRED: 403,
  PLAN_REQUIRED: 402,
  BROKER_NOT_LOGGED_IN: 409,
  BROKER_TOKEN_EXPIRED: 409,
  TRADE_ALLOWANCE_EXCEEDED: 409,
  PAPER_TRADING_ONLY: 409,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 400,
  EMAIL_NOT_VERIFIED: 409,
  TOKEN_INVALID: 400,
  GOOGLE_TOKEN_INVALID: 400,
  GOOGLE_LOGIN_UNAVAILABLE: 400,
  TOTP_REQUIRED: 400,
  TOTP_INVALID: 400,
  TOTP_CHALLENGE_INVALID: 400,
  TOTP_ALREADY_ENABLED: 409,
  TOTP_NOT_STARTED: 409,
  PROMO_INVALID: 400,
  PROMO_EXPIRED: 400,
  PROMO_EXHAUSTED: 409,
  PROMO_NOT_APPLICABLE: 400,
  TRIAL_USED: 409,
  ALREADY_SUBSCRIBED: 409,
  PAYMENT_SIGNATURE_INVALID: 400,
  PAYMENT_DECLINED: 400,
  AMOUNT_MISMATCH: 400,
  ORDER_NOT_PAYABLE: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  DOCUMENT_TOO_LARGE: 413,
  DOCUMENT_LIMIT_REACHED: 409,
  VERSION_CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  // Trading core (issue 30).
  LIVE_TRADING_UNSUPPORTED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  INSUFFICIENT_FUNDS: 400,
  ORDER_REJECTED: 400,
  ORDER_NOT_MODIFIABLE: 409,
  MODIFICATION_LIMIT: 409,
  RISK_LIMIT: 409,
  BROKER_REJECTED: 400,
  BROKER_UNAVAILABLE: 503,
  DAILY_LOSS_LOCKED: 409,
  // A paper reset while orders or positions are open.
  PAPER_BOOK_BUSY: 409,
});

/** Data tier of a market-data answer. */
export const DataTierSchema = z.enum(['live', 'delayed', 'none']);
/** Data tier of a market-data answer. */
export type DataTier = z.infer<typeof DataTierSchema>;

/** `meta` of an envelope; data responses carry their tier and delay. */
export const EnvelopeMetaSchema = z
  .object({ tier: DataTierSchema.optional(), delayMs: z.number().int().nonnegative().optional() })
  .catchall(z.unknown());

/** The envelope of every JSON response: `{code, data?, error?, errorCode?, meta?}` with `code` = HTTP status. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    data: data.optional(),
    error: z.string().optional(),
    errorCode: ErrorCodeSchema.optional(),
    field: z.string().optional(),
    sessionExpired: z.literal(true).optional(),
    meta: EnvelopeMetaSchema.optional(),
  });
}

/** An envelope as it arrives, before its data is known. */
export const AnyEnvelopeSchema = envelopeSchema(z.unknown());

/** A response envelope carrying `T`. */
export interface Envelope<T> {
  code: number;
  data?: T;
  error?: string;
  errorCode?: ErrorCode;
  /** For VALIDATION_FAILED: the first offending field, dotted path. */
  field?: string;
  /** Set on SESSION_EXPIRED answers so data clients need not read the status. */
  sessionExpired?: true;
  meta?: z.infer<typeof EnvelopeMetaSchema>;
}
