import {
  DeleteDocumentQuerySchema,
  DocumentKindParamsSchema,
  DocumentParamsSchema,
  PutDocumentRequestSchema,
} from '@fnodesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../platform/errors';
import type { DocumentsService } from './documents.service';

const ok = <T>(data: T) => ({ code: 200, data });

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw errors.sessionExpired();
  return request.user.userId;
}

/** `/api/v1/documents`: thin routes over the documents service; every route needs a session. */
export function registerDocumentsRoutes(parent: FastifyInstance, deps: { documents: DocumentsService }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { documents } = deps;
  const authed = { onRequest: app.authenticate };

  app.get('/api/v1/documents/:kind', { ...authed, schema: { params: DocumentKindParamsSchema } }, async (request) =>
    ok(await documents.list(userIdOf(request), request.params.kind)),
  );

  app.get('/api/v1/documents/:kind/:key', { ...authed, schema: { params: DocumentParamsSchema } }, async (request) =>
    ok(await documents.get(userIdOf(request), request.params.kind, request.params.key)),
  );

  app.put(
    '/api/v1/documents/:kind/:key',
    { ...authed, schema: { params: DocumentParamsSchema, body: PutDocumentRequestSchema } },
    async (request) =>
      ok(await documents.put(userIdOf(request), request.params.kind, request.params.key, request.body)),
  );

  app.delete(
    '/api/v1/documents/:kind/:key',
    { ...authed, schema: { params: DocumentParamsSchema, querystring: DeleteDocumentQuerySchema } },
    async (request) =>
      ok(await documents.delete(userIdOf(request), request.params.kind, request.params.key, request.query.version)),
  );
}
