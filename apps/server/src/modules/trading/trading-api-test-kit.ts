import { BrokerAccountSchema, type BrokerAccount, type OrderLineInput } from '@fnodesk/contracts';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import type { MarketSim } from '@fnodesk/market-sim';
import { buy, paramsOf } from '../brokers/broker-api-test-kit';
import { createTradingModule } from './trading.module';

/** What the trading API tests read of a response. */
export interface TradingAnswer {
  status: number;
  body: { code: number; data: unknown; error?: string; errorCode?: string; field?: string };
}

/** Calls the API as `user`, with extra headers (an `Idempotency-Key`). */
export async function callAs(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: SignedInUser,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TradingAnswer> {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...authHeaders(user), ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The ATM NIFTY call of the test market's nearest (monthly) expiry at the test clock's start. */
export function atmNiftyCall(): string {
  const market = testMarket();
  const chain = market.optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 5);
  if (!chain) throw new Error('the test market has no NIFTY chain');
  const spot = market.quote(chain.spotToken, TEST_CLOCK_START)?.lp ?? 0;
  const atm = chain.strikes.reduce((best, row) =>
    Math.abs(row.strike - spot) < Math.abs(best.strike - spot) ? row : best,
  );
  return atm.ce.tradingSymbol;
}

/** A one-lot LIMIT buy of the ATM NIFTY call at ₹100, with `over` applied. */
export function orderLine(over: Partial<OrderLineInput> = {}): OrderLineInput {
  return {
    exchange: 'NFO',
    tradingSymbol: atmNiftyCall(),
    orderType: 'LIMIT',
    transactionType: 'BUY',
    product: 'MIS',
    quantity: 65,
    price: 100,
    ...over,
  };
}

/** A user with the QuikTrade Pro plan and a logged-in Paper Trading account enabled for trading. */
export async function paperTrader(t: TestApp): Promise<{ user: SignedInUser; account: BrokerAccount }> {
  const user = await signUpAndLogIn(t);
  await buy(t, user, 'QT04');
  const added = await callAs(t, 'POST', '/api/v1/brokers', user, {
    name: 'Paper',
    type: 'papertrading',
    configuration: { userName: 'PAPER' },
  });
  if (added.status !== 200) throw new Error(`add broker: ${JSON.stringify(added.body)}`);
  const account = BrokerAccountSchema.parse(added.body.data);
  const link = await callAs(t, 'GET', `/api/v1/brokers/${account.id}/login`, user);
  const done = await callAs(t, 'POST', '/api/v1/brokers/callback', user, {
    type: 'papertrading',
    params: paramsOf((link.body.data as { loginUrl: string }).loginUrl),
  });
  if (done.status !== 200) throw new Error(`broker login: ${JSON.stringify(done.body)}`);
  const enabled = await callAs(t, 'PUT', `/api/v1/brokers/${account.id}`, user, { quickTrade: true });
  if (enabled.status !== 200) throw new Error(`enable trading: ${JSON.stringify(enabled.body)}`);
  return { user, account };
}

/**
 * A trading module as another server process would build it over the test app's database and bus, on `market` (the
 * test market by default), its market passes run by the test; building a new one is a restart.
 */
export function tradingProcess(t: TestApp, market: () => MarketSim = testMarket) {
  return createTradingModule({
    database: t.database,
    bus: t.bus,
    clock: t.clock,
    logger: t.app.log,
    market,
    runExchange: false,
  });
}
