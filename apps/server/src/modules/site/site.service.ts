import type { DemoRequestReceipt } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteRepository } from './site.repository';

/** A demo request after validation (trimmed, e-mail lower-cased, mobile in international form). */
export interface ValidDemoRequest {
  name: string;
  email: string;
  mobile: string;
  message: string;
}

/** What the public site's service is built from. */
export interface SiteServiceDeps {
  repository: SiteRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** The public site's service: stores the demo requests of 'Register for demo'. */
export function createSiteService({ repository, clock, logger }: SiteServiceDeps) {
  return {
    /** Stores a demo request from the client at `ip` and returns its receipt. */
    async requestDemo(request: ValidDemoRequest, ip: string): Promise<DemoRequestReceipt> {
      const row = await repository.insertDemoRequest({ ...request, ip, createdAt: new Date(clock.now()) });
      // The id is enough to find the request; the person's details stay in the database, not in the log.
      logger.info({ demoRequestId: row.id }, 'demo requested');
      return { id: row.id, receivedAt: row.createdAt.toISOString() };
    },
  };
}

/** The public site's service. */
export type SiteService = ReturnType<typeof createSiteService>;
