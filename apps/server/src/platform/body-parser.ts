import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for signature checks (payment webhooks, broker postbacks). */
    rawBody?: string;
  }
}

/**
 * JSON bodies arrive as `application/json` or as `text/plain` carrying JSON (sent that way to avoid a CORS
 * preflight). Prototype-poisoning keys are dropped. The parse error is replaced by a fixed message: V8's
 * message quotes the body, which may hold a password.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string' },
    (request, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      request.rawBody = text;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
      } catch {
        done(new AppError('MALFORMED_JSON', 'The request body is not valid JSON.'), undefined);
      }
    },
  );
}
