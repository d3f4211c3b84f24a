import { LOGIN_TYPE_CODES } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { ALL_EXCHANGES, brokerCapabilities } from '../core/capabilities';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** The Kotak Neo tile (code 14). */
export const KOTAKNEO_MANIFEST: BrokerManifest = {
  id: 'kotakneo',
  type: 'kotakneo',
  displayName: 'Kotak Neo',
  loginTypeCode: LOGIN_TYPE_CODES.kotakNeo,
  exchanges: ALL_EXCHANGES,
  // Kotak Neo's API login takes a TOTP and the MPIN (the password field of the modal).
  capabilities: brokerCapabilities({
    setupScreen: true,
    apiCredentials: true,
    collectTOTPForLogin: true,
    collectPasswordForLogin: true,
  }),
};

/**
 * Kotak Neo logs in through its API with the consumer key, a TOTP and the MPIN, not a browser page: the login URL is
 * the app's callback, to which the authentication modal appends `totp` and `pwd` (accounts §2).
 */
export function createKotakNeoAdapter(): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: KOTAKNEO_MANIFEST, loginUrl: callbackLoginUrl });
}
