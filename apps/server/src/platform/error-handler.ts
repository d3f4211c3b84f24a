import type { Envelope, ErrorCode } from '@fnodesk/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from './errors';

const INTERNAL_MESSAGE = 'Something went wrong. Please try again later.';

// Fastify's own request errors, mapped to stable codes with messages that quote nothing from the request.
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json (or text/plain carrying JSON).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_FAILED',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_BAD_URL: { code: 'VALIDATION_FAILED', message: 'The URL is malformed.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'The URL is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'VALIDATION_FAILED', message: 'The request could not be routed.' },
};

/** Builds the response envelope for an error. */
export function errorEnvelope(error: AppError): Envelope<never> {
  const body: Envelope<never> = { code: error.statusCode, error: error.message, errorCode: error.errorCode };
  if (error.field !== undefined) body.field = error.field;
  if (error.errorCode === 'SESSION_EXPIRED') body.sessionExpired = true;
  return body;
}

/** Turns anything thrown into an `AppError`; unknown errors become a generic 500. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first ? fieldOf(first.instancePath, first.params) : undefined;
    const message = first?.message ?? 'invalid request';
    // A schema's own sentence for people (e.g. 'Enter a valid Email address') is passed as it is; zod's generic
    // texts ('Invalid input: expected string…') get the field in front so they still say what was wrong.
    const where = field && isGenericZodMessage(message) ? `${field}: ` : '';
    return new AppError('VALIDATION_FAILED', `${where}${message}`, {
      ...(field ? { field } : {}),
    });
  }
  const fe = error as Partial<FastifyError>;
  const known = fe.code ? FASTIFY_ERRORS[fe.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Another 4xx raised by fastify or a plugin. Never reflect its text, and keep to the statuses of the wire
    // contract: 403 belongs to SESSION_EXPIRED alone, so a plugin's 403 (e.g. a directory) is a 404.
    if (fe.statusCode === 403 || fe.statusCode === 404) return new AppError('NOT_FOUND', 'Not found.');
    if (fe.statusCode === 405) return new AppError('METHOD_NOT_ALLOWED', 'Method not allowed.');
    return new AppError('VALIDATION_FAILED', 'The request could not be processed.');
  }
  return new AppError('INTERNAL', INTERNAL_MESSAGE, { cause: error });
}

function isGenericZodMessage(message: string): boolean {
  return message.includes(':') || /^(Invalid|Too (small|big)|Expected|Unrecognized)\b/.test(message);
}

function fieldOf(instancePath: string, params: unknown): string | undefined {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing =
    params && typeof params === 'object' && 'missingProperty' in params ? String(params.missingProperty) : '';
  return [path, missing].filter(Boolean).join('.') || undefined;
}

/** Answers `error` with the envelope; only 5xx details reach the log. */
export function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) {
    request.log.error({ err: appError.cause ?? error, errorCode: appError.errorCode }, 'request failed');
  } else {
    request.log.info({ errorCode: appError.errorCode, statusCode: appError.statusCode }, 'request rejected');
  }
  for (const [name, value] of Object.entries(appError.headers)) reply.header(name, value);
  return reply.status(appError.statusCode).send(errorEnvelope(appError));
}

/** Installs the one error handler: every failure becomes the envelope; only 5xx details reach the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}

/** Longest URL answered; longer ones get 414 before anything else reads them. */
export const MAX_URL_LENGTH = 8192;
/** Longest path segment (the router's longest path parameter); the router alone would answer a longer one 404. */
export const MAX_PATH_SEGMENT_LENGTH = 500;

/** A request hook answering 414 URI_TOO_LONG for a URL or a path segment over its limit. */
export async function refuseLongUrls(request: FastifyRequest): Promise<void> {
  const url = request.url;
  const path = url.split('?', 1)[0] ?? '';
  if (url.length > MAX_URL_LENGTH || path.split('/').some((segment) => segment.length > MAX_PATH_SEGMENT_LENGTH)) {
    throw new AppError('URI_TOO_LONG', 'The URL is too long.');
  }
}

// What Node's HTTP parser refuses before Fastify sees a request, answered in the envelope like everything else.
const CLIENT_ERRORS: Record<string, AppError> = {
  HPE_HEADER_OVERFLOW: new AppError('HEADERS_TOO_LARGE', 'The request headers are too large.'),
  ERR_HTTP_REQUEST_TIMEOUT: new AppError('REQUEST_TIMEOUT', 'The request took too long to arrive.'),
};
const MALFORMED = new AppError('MALFORMED_REQUEST', 'The request is not valid HTTP.');
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (oversized headers, a timeout, not HTTP at
 * all). The socket gets the envelope and is closed; nothing of the request is quoted.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = (error.code ? CLIENT_ERRORS[error.code] : undefined) ?? MALFORMED;
  if (socket.writable) {
    const body = JSON.stringify(errorEnvelope(appError));
    socket.write(
      `HTTP/1.1 ${appError.statusCode} ${STATUS_TEXT[appError.statusCode] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
