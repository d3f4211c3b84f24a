import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** Upstox API v2 authorisation dialog. */
export const UPSTOX_LOGIN_URL = 'https://api.upstox.com/v2/login/authorization/dialog';

/** The Upstox tile (code 7): the user's own API key (`loginType` 'apikey'), entered on /broker-setup. */
export const UPSTOX_MANIFEST: BrokerManifest = brokerManifest('upstox');

/** Upstox login: `response_type=code`, `client_id`, `redirect_uri` and `state`; back come `code` and the state. */
export function createUpstoxAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: UPSTOX_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? UPSTOX_LOGIN_URL, {
        response_type: 'code',
        client_id: requireApiKey(UPSTOX_MANIFEST, request.account, deps.partnerApp),
        redirect_uri: request.callbackUrl,
        state: request.state,
      }),
  });
}
