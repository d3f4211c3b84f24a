import {
  AddBrokerRequestSchema,
  BrokerCallbackRequestSchema,
  BrokerIdParamsSchema,
  BrokerListQuerySchema,
  BrokerLoginQuerySchema,
  RevealBrokerSecretsRequestSchema,
  UpdateBrokerRequestSchema,
} from '@fnodesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../platform/errors';
import type { BrokersService } from './brokers.service';

const ok = <T>(data: T) => ({ code: 200, data });

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw errors.sessionExpired();
  return request.user.userId;
}

// Login links and completions are what a script would hammer; they get a tighter budget per address.
const GUARDED = { rateLimit: { max: 30, timeWindow: 60_000 } };
// Revealing secrets re-checks the password: as tight as the login's own budget (G9: 5 a minute).
const PASSWORD_CHECK = { rateLimit: { max: 5, timeWindow: 60_000 } };

const PostbackParamsSchema = z.object({ accountId: z.string().min(1).max(64) });

/** The v1 `brokers` routes (accounts §7) and Kite's postback: thin routes over the brokers service. */
export function registerBrokersRoutes(parent: FastifyInstance, deps: { brokers: BrokersService }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { brokers } = deps;
  // Authenticated before anything else is read, so a request without a live session learns nothing.
  const authed = { onRequest: app.authenticate };
  const byId = { params: BrokerIdParamsSchema };

  app.get('/api/v1/brokers', { ...authed, schema: { querystring: BrokerListQuerySchema } }, async (request) =>
    ok({ brokers: await brokers.list(userIdOf(request), request.query.status) }),
  );

  app.post('/api/v1/brokers', { ...authed, schema: { body: AddBrokerRequestSchema } }, async (request) =>
    ok(await brokers.add(userIdOf(request), request.body, request.id)),
  );

  app.post(
    '/api/v1/brokers/callback',
    { ...authed, config: GUARDED, schema: { body: BrokerCallbackRequestSchema } },
    async (request) => ok(await brokers.callback(userIdOf(request), request.body, request.id)),
  );

  app.put('/api/v1/brokers/:id', { ...authed, schema: { ...byId, body: UpdateBrokerRequestSchema } }, async (request) =>
    ok(await brokers.update(userIdOf(request), request.params.id, request.body)),
  );

  app.delete('/api/v1/brokers/:id', { ...authed, schema: byId }, async (request) =>
    ok(await brokers.remove(userIdOf(request), request.params.id, request.id)),
  );

  app.get(
    '/api/v1/brokers/:id/login',
    { ...authed, config: GUARDED, schema: { ...byId, querystring: BrokerLoginQuerySchema } },
    async (request) => ok(await brokers.loginUrl(userIdOf(request), request.params.id, request.query.totp)),
  );

  app.get('/api/v1/brokers/:id/logout', { ...authed, schema: byId }, async (request) =>
    ok(await brokers.logout(userIdOf(request), request.params.id, request.id)),
  );

  app.get('/api/v1/brokers/:id/details', { ...authed, schema: byId }, async (request) =>
    ok(await brokers.details(userIdOf(request), request.params.id)),
  );

  app.post(
    '/api/v1/brokers/:id/reveal',
    { ...authed, config: PASSWORD_CHECK, schema: { ...byId, body: RevealBrokerSecretsRequestSchema } },
    async (request) =>
      ok(
        await brokers.reveal(
          userIdOf(request),
          request.params.id,
          request.body.password,
          request.body.code,
          request.id,
        ),
      ),
  );

  // Kite posts order updates here without a session; the checksum with the account's API secret authenticates it.
  // No tighter budget: every user's postbacks come from Kite's few addresses.
  app.post('/api/v1/postback/zerodha/:accountId', { schema: { params: PostbackParamsSchema } }, async (request) => {
    await brokers.zerodhaPostback(request.params.accountId, request.body, request.id);
    return ok({ received: true });
  });
}
