import { LOGIN_TYPE_CODES } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { ALL_EXCHANGES, brokerCapabilities } from '../core/capabilities';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** The Shoonya tile (code 10). */
export const SHOONYA_MANIFEST: BrokerManifest = {
  id: 'shoonya',
  type: 'shoonya',
  displayName: 'Shoonya',
  loginTypeCode: LOGIN_TYPE_CODES.shoonya,
  exchanges: ALL_EXCHANGES,
  capabilities: brokerCapabilities({
    setupScreen: true,
    apiCredentials: true,
    collectTOTPForLogin: true,
    collectPasswordForLogin: true,
  }),
};

/**
 * Shoonya (Noren) logs in through `QuickAuth` with the user id, the SHA-256 of the password, a TOTP, the vendor code
 * and the app key: the login URL is the app's callback, to which the authentication modal appends `pwd` and `totp`.
 */
export function createShoonyaAdapter(): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: SHOONYA_MANIFEST, loginUrl: callbackLoginUrl });
}
