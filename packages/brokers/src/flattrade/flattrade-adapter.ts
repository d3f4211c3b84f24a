import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** FlatTrade's authorisation page. */
export const FLATTRADE_LOGIN_URL = 'https://auth.flattrade.in/';

/** The FlatTrade tile (code 9): the user's own API key and secret, entered on /broker-setup. */
export const FLATTRADE_MANIFEST: BrokerManifest = brokerManifest('flattrade');

/** FlatTrade login: the auth page with the app's `app_key`. */
export function createFlatTradeAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: FLATTRADE_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? FLATTRADE_LOGIN_URL, {
        app_key: requireApiKey(FLATTRADE_MANIFEST, request.account, deps.partnerApp),
      }),
  });
}
