import type { Envelope, ErrorCode } from '@fnodesk/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Installs the one error handler: every failure becomes the envelope; only 5xx details reach the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) {
      request.log.error({ err: appError.cause ?? error, errorCode: appError.errorCode }, 'request failed');
    } else {
      request.log.info({ errorCode: appError.errorCode, statusCode: appError.statusCode }, 'request rejected');
    }
    for (const [name, value] of Object.entries(appError.headers)) reply.header(name, value);
    return reply.status(appError.statusCode).send(errorEnvelope(appError));
  });
}
