import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter, requireApiKey } from '../core/link-only-adapter';
import type { WebLoginAdapterDeps } from '../core/link-only-deps';
import { withQuery } from '../core/login-url';

/** Aliceblue's ANT web login. */
export const ALICEBLUE_LOGIN_URL = 'https://ant.aliceblueonline.com/';

/** The Aliceblue tile (code 1). */
export const ALICEBLUE_MANIFEST: BrokerManifest = brokerManifest('aliceblue');

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
