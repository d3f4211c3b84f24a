import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** The Shoonya tile (code 10). */
export const SHOONYA_MANIFEST: BrokerManifest = brokerManifest('shoonya');

/**
 * Shoonya (Noren) logs in through `QuickAuth` with the user id, the SHA-256 of the password, a TOTP, the vendor code
 * and the app key: the login URL is the app's callback, to which the authentication modal appends `pwd` and `totp`.
 */
export function createShoonyaAdapter(): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: SHOONYA_MANIFEST, loginUrl: callbackLoginUrl });
}
