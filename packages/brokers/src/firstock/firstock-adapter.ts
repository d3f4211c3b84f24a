import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** The Firstock tile (code 15). */
export const FIRSTOCK_MANIFEST: BrokerManifest = brokerManifest('firstock');

/**
 * Firstock documents no browser login: its API login (`POST /login` with userId, SHA-256 password, TOTP, vendorCode
 * and apiKey) runs from the server. The login URL is therefore the app's callback carrying the state, where the
 * server would make that call.
 */
export function createFirstockAdapter(): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: FIRSTOCK_MANIFEST, loginUrl: callbackLoginUrl });
}
