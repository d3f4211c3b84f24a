import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** Fyers API v3 authorisation page. */
export const FYERS_LOGIN_URL = 'https://api-t1.fyers.in/api/v3/generate-authcode';

/** The Fyers tile (code 2). */
export const FYERS_MANIFEST: BrokerManifest = brokerManifest('fyers');

/** Fyers login: `client_id` (the app id), `redirect_uri`, `response_type=code` and `state`; back come `auth_code` and the state. */
export function createFyersAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: FYERS_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? FYERS_LOGIN_URL, {
        client_id: requireApiKey(FYERS_MANIFEST, request.account, deps.partnerApp),
        redirect_uri: request.callbackUrl,
        response_type: 'code',
        state: request.state,
      }),
  });
}
