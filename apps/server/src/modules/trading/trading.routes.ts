import {
  BasketMarginsRequestSchema,
  BrokerIdParamsSchema,
  BulkOrderRequestSchema,
  ConvertPositionRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  ModifyOrderRequestSchema,
  OrderMarginsRequestSchema,
  OrderParamsSchema,
  PaperResetRequestSchema,
  PlaceOrderRequestSchema,
  PositionParamsSchema,
  ProfitLossRequestSchema,
  RiskSettingsQuerySchema,
  TradingLogQuerySchema,
  UpdateRiskSettingsRequestSchema,
  FanOutRequestSchema,
  TradeMultiplierRequestSchema,
} from '@fnodesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../platform/errors';
import type { TradingService } from './trading.service';

const ok = <T>(data: T) => ({ code: 200, data });

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw errors.sessionExpired();
  return request.user.userId;
}

/** The `Idempotency-Key` header: printable, at most 128 characters; absent → undefined. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.length === 0 || key.length > 128 || !/^[\x21-\x7e]+$/.test(key)) {
    throw errors.validation('Idempotency-Key', 'Idempotency-Key must be 1 to 128 printable characters.');
  }
  return key;
}

// Per client address. Kite allows 10 orders a second per account; a page placing faster than this is a runaway
// loop, and the bulk route carries up to 50 lines a call. Margins are asked on every basket edit.
const ORDER_WRITES = { rateLimit: { max: 600, timeWindow: 60_000, bucket: 'trading-orders' } };
const BULK = { rateLimit: { max: 120, timeWindow: 60_000, bucket: 'trading-orders' } };
const MARGINS = { rateLimit: { max: 300, timeWindow: 60_000, bucket: 'trading-margins' } };

/** The v1 trading routes (signed-in spec §7): thin, over the trading service. */
export function registerTradingRoutes(parent: FastifyInstance, deps: { trading: TradingService }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { trading } = deps;
  const authed = { onRequest: app.authenticate };
  const byId = { params: BrokerIdParamsSchema };

  app.post(
    '/api/v1/brokers/:id/orders',
    { ...authed, config: ORDER_WRITES, schema: { ...byId, body: PlaceOrderRequestSchema } },
    async (request) =>
      ok(
        await trading.place({
          userId: userIdOf(request),
          accountId: request.params.id,
          kind: 'place',
          lines: [request.body],
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
  );

  app.post(
    '/api/v1/quiktrade/fan-out',
    { ...authed, config: BULK, schema: { body: FanOutRequestSchema } },
    async (request) =>
      ok(await trading.fanOut(userIdOf(request), request.body.line, idempotencyKeyOf(request), request.body.origin)),
  );

  app.put(
    '/api/v1/brokers/:id/multiplier',
    { ...authed, schema: { ...byId, body: TradeMultiplierRequestSchema } },
    async (request) =>
      ok(await trading.setTradeMultiplier(userIdOf(request), request.params.id, request.body.multiplier)),
  );

  app.post(
    '/api/v1/brokers/:id/bulk-orders',
    { ...authed, config: BULK, schema: { ...byId, body: BulkOrderRequestSchema } },
    async (request) =>
      ok(
        await trading.place({
          userId: userIdOf(request),
          accountId: request.params.id,
          kind: 'bulk',
          lines: request.body.orders,
          ...(request.body.origin ? { origin: request.body.origin } : {}),
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
  );

  app.get('/api/v1/brokers/:id/orders', { ...authed, schema: byId }, async (request) =>
    ok(await trading.orders(userIdOf(request), request.params.id)),
  );

  app.put(
    '/api/v1/brokers/:id/orders/:orderId',
    { ...authed, config: ORDER_WRITES, schema: { params: OrderParamsSchema, body: ModifyOrderRequestSchema } },
    async (request) =>
      ok(await trading.modify(userIdOf(request), request.params.id, request.params.orderId, request.body)),
  );

  app.delete(
    '/api/v1/brokers/:id/orders/:orderId',
    { ...authed, config: ORDER_WRITES, schema: { params: OrderParamsSchema } },
    async (request) => ok(await trading.cancel(userIdOf(request), request.params.id, request.params.orderId)),
  );

  app.get('/api/v1/brokers/:id/trades', { ...authed, schema: byId }, async (request) =>
    ok(await trading.trades(userIdOf(request), request.params.id)),
  );

  app.get('/api/v1/brokers/:id/positions', { ...authed, schema: byId }, async (request) =>
    ok(await trading.positions(userIdOf(request), request.params.id)),
  );

  app.get('/api/v1/brokers/:id/fno-positions', { ...authed, schema: byId }, async (request) =>
    ok(await trading.positions(userIdOf(request), request.params.id, true)),
  );

  app.put(
    '/api/v1/brokers/:id/positions',
    { ...authed, config: ORDER_WRITES, schema: { ...byId, body: ConvertPositionRequestSchema } },
    async (request) => ok(await trading.convert(userIdOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/v1/brokers/:id/positions/:positionId/profit-loss',
    { ...authed, config: ORDER_WRITES, schema: { params: PositionParamsSchema, body: ProfitLossRequestSchema } },
    async (request) =>
      ok(await trading.setProfitLoss(userIdOf(request), request.params.id, request.params.positionId, request.body)),
  );

  app.get('/api/v1/brokers/:id/holdings', { ...authed, schema: byId }, async (request) =>
    ok(await trading.holdings(userIdOf(request), request.params.id)),
  );

  app.get('/api/v1/brokers/:id/funds', { ...authed, schema: byId }, async (request) =>
    ok(await trading.funds(userIdOf(request), request.params.id)),
  );

  app.post(
    '/api/v1/brokers/:id/paper/reset',
    { ...authed, config: ORDER_WRITES, schema: { ...byId, body: PaperResetRequestSchema } },
    async (request) => ok(await trading.resetPaper(userIdOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v1/brokers/:id/fetch-margins',
    { ...authed, config: MARGINS, schema: { ...byId, body: OrderMarginsRequestSchema } },
    async (request) => ok(await trading.orderMargins(userIdOf(request), request.params.id, request.body.orders)),
  );

  app.post(
    '/api/v1/brokers/:id/fetch-basket-margins',
    { ...authed, config: MARGINS, schema: { ...byId, body: BasketMarginsRequestSchema } },
    async (request) => ok(await trading.basketMargins(userIdOf(request), request.params.id, request.body)),
  );

  app.get('/api/v1/risksettings', { ...authed, schema: { querystring: RiskSettingsQuerySchema } }, async (request) =>
    ok(await trading.riskSettings(userIdOf(request), request.query.brokerId)),
  );

  app.post('/api/v1/risksettings', { ...authed, schema: { body: UpdateRiskSettingsRequestSchema } }, async (request) =>
    ok(await trading.saveRiskSettings(userIdOf(request), request.body)),
  );

  app.get(
    '/api/v1/brokers/:id/logs',
    { ...authed, schema: { ...byId, querystring: TradingLogQuerySchema } },
    async (request) =>
      ok(await trading.logs(userIdOf(request), request.params.id, request.query.from, request.query.to)),
  );
}
