import {
  CreateRuleRequestSchema,
  PortfolioRiskSettingsSchema,
  QuikTradeAccountParamsSchema,
  QuikTradeModeQuerySchema,
  RuleParamsSchema,
  UpdateRuleRequestSchema,
} from '@fnodesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../platform/errors';
import type { QuikTradeService } from './quiktrade.service';

const ok = <T>(data: T) => ({ code: 200, data });

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw errors.sessionExpired();
  return request.user.userId;
}

// Per client address: the terminal saves levels and rules on user actions, never in a loop.
const WRITES = { rateLimit: { max: 120, timeWindow: 60_000, bucket: 'quiktrade-writes' } };

/** The QuikTrade risk routes: portfolio risk, the engine's state and rules, thin over the service. */
export function registerQuikTradeRoutes(parent: FastifyInstance, deps: { quiktrade: QuikTradeService }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { quiktrade } = deps;
  const authed = { onRequest: app.authenticate };
  const base = '/api/v1/quiktrade/:accountId';

  app.get(
    `${base}/portfolio-risk`,
    { ...authed, schema: { params: QuikTradeAccountParamsSchema, querystring: QuikTradeModeQuerySchema } },
    async (request) =>
      ok(await quiktrade.portfolioRisk(userIdOf(request), request.params.accountId, request.query.mode)),
  );

  app.put(
    `${base}/portfolio-risk`,
    {
      ...authed,
      config: WRITES,
      schema: {
        params: QuikTradeAccountParamsSchema,
        querystring: QuikTradeModeQuerySchema,
        body: PortfolioRiskSettingsSchema,
      },
    },
    async (request) =>
      ok(
        await quiktrade.savePortfolioRisk(
          userIdOf(request),
          request.params.accountId,
          request.query.mode,
          request.body,
        ),
      ),
  );

  app.get(
    `${base}/risk-state`,
    { ...authed, schema: { params: QuikTradeAccountParamsSchema, querystring: QuikTradeModeQuerySchema } },
    async (request) => ok(await quiktrade.riskState(userIdOf(request), request.params.accountId, request.query.mode)),
  );

  app.get(`${base}/rules`, { ...authed, schema: { params: QuikTradeAccountParamsSchema } }, async (request) =>
    ok(await quiktrade.rules(userIdOf(request), request.params.accountId)),
  );

  app.post(
    `${base}/rules`,
    { ...authed, config: WRITES, schema: { params: QuikTradeAccountParamsSchema, body: CreateRuleRequestSchema } },
    async (request) => ok(await quiktrade.createRule(userIdOf(request), request.params.accountId, request.body)),
  );

  app.put(
    `${base}/rules/:ruleId`,
    { ...authed, config: WRITES, schema: { params: RuleParamsSchema, body: UpdateRuleRequestSchema } },
    async (request) =>
      ok(await quiktrade.updateRule(userIdOf(request), request.params.accountId, request.params.ruleId, request.body)),
  );

  app.delete(
    `${base}/rules/:ruleId`,
    { ...authed, config: WRITES, schema: { params: RuleParamsSchema } },
    async (request) =>
      ok(await quiktrade.deleteRule(userIdOf(request), request.params.accountId, request.params.ruleId)),
  );
}
