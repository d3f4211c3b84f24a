import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** 5Paisa's vendor login page. */
export const FIVEPAISA_LOGIN_URL = 'https://dev-openapi.5paisa.com/WebVendorLogin/VLogin/Index';

/** The 5Paisa tile (code 5). */
export const FIVEPAISA_MANIFEST: BrokerManifest = brokerManifest('5paisa');

/**
 * 5Paisa vendor login: `VendorKey` (the app's user key), `ResponseURL` (where 5Paisa sends the browser with a
 * `RequestToken`) and `State`, which 5Paisa returns unchanged.
 */
export function createFivePaisaAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: FIVEPAISA_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? FIVEPAISA_LOGIN_URL, {
        VendorKey: requireApiKey(FIVEPAISA_MANIFEST, request.account, deps.partnerApp),
        ResponseURL: request.callbackUrl,
        State: request.state,
      }),
  });
}
