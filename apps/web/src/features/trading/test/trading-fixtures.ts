import type { BrokerAccount, Instrument, OrderLineInput, OrderView } from '@fnodesk/contracts';

/** A NIFTY call option as the instruments operation answers it. */
export const NIFTY_CALL: Instrument = {
  instrumentToken: 13_000_101,
  exchange: 'NFO',
  segment: 'NFO-OPT',
  tradingSymbol: 'NIFTY26DEC24000CE',
  name: 'NIFTY',
  displayName: 'NIFTY 24000 CE 31 DEC',
  instrumentType: 'CE',
  underlyingToken: 256_265,
  expiry: '2026-12-29',
  strike: 24_000,
  lotSize: 65,
  tickSize: 0.05,
  volumeFreeze: 1800,
  sector: null,
};

/** A NIFTY future. */
export const NIFTY_FUTURE: Instrument = {
  ...NIFTY_CALL,
  instrumentToken: 13_000_001,
  segment: 'NFO-FUT',
  tradingSymbol: 'NIFTY26DECFUT',
  displayName: 'NIFTY DEC FUT',
  instrumentType: 'FUT',
  strike: null,
};

/** A logged-in Zerodha account enabled for trading, changed by `overrides`. */
export function tradingAccount(overrides: Partial<BrokerAccount> = {}): BrokerAccount {
  return {
    id: 'kite-1',
    type: 'zerodha',
    subType: null,
    name: 'Kite 1',
    userName: 'AB1234',
    status: 'loggedIn',
    isDefault: false,
    autoLogin: false,
    quickTrade: true,
    apiKey: 'kiteapikey',
    secret: '••••wxyz',
    totpSecret: null,
    apiToken: '••••tokn',
    tokenCreationTime: '2026-11-27T03:00:00.000Z',
    manualLoginURL: '',
    collectPasswordForLogin: false,
    collectTOTPForLogin: false,
    loginType: 0,
    callbackUrl: null,
    postbackUrl: null,
    tradeMultiplier: 1,
    ...overrides,
  };
}

/** A one-lot NIFTY call bought at market on MIS: the order line the terminal's tests send. */
export const NIFTY_CALL_LINE = {
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26DEC24000CE',
  orderType: 'MARKET',
  transactionType: 'BUY',
  product: 'MIS',
  quantity: 65,
} as const satisfies OrderLineInput;

/** An open order of {@link NIFTY_CALL_LINE} as the server answers it, with `overrides`. */
export function orderViewFixture(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 'o-1',
    brokerOrderId: 'K-1',
    mode: 'live',
    exchange: 'NFO',
    tradingSymbol: 'NIFTY26DEC24000CE',
    instrumentToken: 13_000_101,
    transactionType: 'BUY',
    product: 'MIS',
    orderType: 'MARKET',
    variety: 'regular',
    validity: 'DAY',
    quantity: 65,
    filledQuantity: 0,
    pendingQuantity: 65,
    price: null,
    triggerPrice: null,
    averagePrice: null,
    status: 'OPEN',
    statusMessage: null,
    tag: 'fnd-1',
    slice: { index: 1, count: 1 },
    modifications: 0,
    placedAt: '2026-11-27T04:00:00.000Z',
    updatedAt: '2026-11-27T04:00:00.000Z',
    ...overrides,
  };
}
