import type { BrokerAccount } from '@fnodesk/contracts';

/** A Zerodha account as the API lists it, changed by `overrides`. */
export function brokerAccount(overrides: Partial<BrokerAccount> = {}): BrokerAccount {
  return {
    id: 'acc-1',
    type: 'zerodha',
    subType: null,
    name: 'Zerodha',
    userName: 'AB1234',
    status: 'loggedOut',
    isDefault: false,
    autoLogin: true,
    quickTrade: false,
    apiKey: 'kiteapikey',
    secret: '••••wxyz',
    totpSecret: null,
    apiToken: null,
    tokenCreationTime: null,
    manualLoginURL: 'https://kite.example/connect/login?api_key=kiteapikey',
    collectPasswordForLogin: false,
    collectTOTPForLogin: false,
    loginType: 0,
    callbackUrl: 'http://localhost/broker/callback/zerodha',
    postbackUrl: 'http://localhost/api/v1/postback/zerodha/acc-1',
    tradeMultiplier: 1,
    ...overrides,
  };
}
