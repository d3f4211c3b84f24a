import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** The Kotak Neo tile (code 14). */
export const KOTAKNEO_MANIFEST: BrokerManifest = brokerManifest('kotakneo');

/**
 * Kotak Neo logs in through its API with the consumer key, a TOTP and the MPIN, not a browser page: the login URL is
 * the app's callback, to which the authentication modal appends `totp` and `pwd` (accounts §2).
 */
export function createKotakNeoAdapter(): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: KOTAKNEO_MANIFEST, loginUrl: callbackLoginUrl });
}
