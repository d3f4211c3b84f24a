import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { FastifyInstance } from 'fastify';
import { createDocumentsRepository } from './documents.repository';
import { registerDocumentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

/** What the documents module is built from. */
export interface DocumentsModuleDeps {
  database: Database;
  clock: Clock;
}

/** Builds the per-user document store: saved scans, strategies, chart drawings and layouts, trade settings. */
export function createDocumentsModule(deps: DocumentsModuleDeps) {
  const service = createDocumentsService({
    repository: createDocumentsRepository(deps.database.db),
    clock: deps.clock,
  });
  return {
    service,
    /** Registers `/api/v1/documents`. */
    register(app: FastifyInstance): void {
      registerDocumentsRoutes(app, { documents: service });
    },
  };
}
