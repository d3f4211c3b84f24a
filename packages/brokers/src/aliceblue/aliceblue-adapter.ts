import { LOGIN_TYPE_CODES } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { ALL_EXCHANGES, brokerCapabilities } from '../core/capabilities';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** Aliceblue's ANT web login. */
export const ALICEBLUE_LOGIN_URL = 'https://ant.aliceblueonline.com/';

/** The Aliceblue tile (code 1). */
export const ALICEBLUE_MANIFEST: BrokerManifest = {
  id: 'aliceblue',
  type: 'aliceblue',
  displayName: 'Aliceblue',
  loginTypeCode: LOGIN_TYPE_CODES.aliceblue,
  exchanges: ALL_EXCHANGES,
  // Aliceblue redirects to the app's registered URL with `authCode` and `userId` only.
  capabilities: brokerCapabilities({ stateInCallback: false }),
};

/** Aliceblue login: ANT with the vendor app's `appcode`. */
export function createAliceblueAdapter(deps: WebLoginAdapterDeps = {}): BrokerAdapter {
  return createLinkOnlyAdapter({
    manifest: ALICEBLUE_MANIFEST,
    loginUrl: (request) =>
      withQuery(deps.loginBaseUrl ?? ALICEBLUE_LOGIN_URL, {
        appcode: requireApiKey(ALICEBLUE_MANIFEST, request.account, deps.partnerApp),
      }),
  });
}
