import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { base64Utf8, withQuery } from '../core/login-url';

/** ICICI Direct Breeze API login page. */
export const ICICI_LOGIN_URL = 'https://api.icicidirect.com/apiuser/login';

/** The ICICI Direct tile (code 3): may not be enabled for trading (accounts §5). */
export const ICICI_MANIFEST: BrokerManifest = brokerManifest('icici');

/**
 * ICICI Breeze login: the login page with the URL-encoded `api_key`. Breeze sends back only `apisession`, so the
 * redirect URL registered for the app carries the account's user name in base64 (accounts §2) to name the account.
 */
export function createIciciAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: ICICI_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? ICICI_LOGIN_URL, {
        api_key: requireApiKey(ICICI_MANIFEST, request.account, deps.partnerApp),
      }),
    redirectUrlFor: (callbackUrl, account) => withQuery(callbackUrl, { userName: base64Utf8(account.userName) }),
  });
}
