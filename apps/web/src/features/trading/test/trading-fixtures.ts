import type { BrokerAccount, Instrument } from '@fnodesk/contracts';

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
