import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** Angel One SmartAPI publisher login. */
export const ANGELONE_LOGIN_URL = 'https://smartapi.angelbroking.com/publisher-login';

/** The Angel One tile (code 4). */
export const ANGELONE_MANIFEST: BrokerManifest = brokerManifest('angelone');

/**
 * Angel One publisher login: `api_key` and `state`; Angel One redirects to the app's registered URL with
 * `auth_token`, `feed_token` and the state.
 */
export function createAngelOneAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: ANGELONE_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? ANGELONE_LOGIN_URL, {
        api_key: requireApiKey(ANGELONE_MANIFEST, request.account, deps.partnerApp),
        state: request.state,
      }),
  });
}
