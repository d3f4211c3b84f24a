import { DemoRequestSchema } from '@fnodesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteService } from './site.service';

/** Demo requests a client address may leave per hour: enough for a typo or two, too few to flood the sales queue. */
export const DEMO_REQUESTS_PER_IP_PER_HOUR = 5;

/** The public site's routes of `/api/v1`: thin routes over the site service. */
export function registerSiteRoutes(parent: FastifyInstance, deps: { site: SiteService }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/demo-request',
    {
      schema: { body: DemoRequestSchema },
      config: { rateLimit: { max: DEMO_REQUESTS_PER_IP_PER_HOUR, timeWindow: 3_600_000 } },
    },
    async (request) => ({ code: 200, data: await deps.site.requestDemo(request.body, request.ip) }),
  );
}
