import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createSiteRepository } from './site.repository';
import { registerSiteRoutes } from './site.routes';
import { createSiteService } from './site.service';

/** What the public site's module is built from. */
export interface SiteModuleDeps {
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** Builds the public site's module: the demo-request service and its route. */
export function createSiteModule(deps: SiteModuleDeps) {
  const service = createSiteService({
    repository: createSiteRepository(deps.database.db),
    clock: deps.clock,
    logger: deps.logger.child({ module: 'site' }),
  });
  return {
    service,
    /** Registers `POST /api/v1/demo-request`. */
    register(app: FastifyInstance): void {
      registerSiteRoutes(app, { site: service });
    },
  };
}
