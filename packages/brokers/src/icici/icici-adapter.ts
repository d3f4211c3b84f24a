import { LOGIN_TYPE_CODES } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { brokerCapabilities } from '../core/capabilities';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { base64Utf8, withQuery } from '../core/login-url';

/** ICICI Direct Breeze API login page. */
export const ICICI_LOGIN_URL = 'https://api.icicidirect.com/apiuser/login';

/** The ICICI Direct tile (code 3): may not be enabled for trading (accounts §5). */
export const ICICI_MANIFEST: BrokerManifest = {
  id: 'icici',
  type: 'icici',
  displayName: 'ICICI Direct',
  loginTypeCode: LOGIN_TYPE_CODES.icici,
  exchanges: ['NSE', 'BSE', 'NFO'],
  // Breeze redirects to the app's registered URL with `apisession` only.
  capabilities: brokerCapabilities({
    quickTrade: false,
    setupScreen: true,
    apiCredentials: true,
    stateInCallback: false,
  }),
};

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
