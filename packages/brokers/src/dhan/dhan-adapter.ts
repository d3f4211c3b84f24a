import { brokerManifest } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest, LoginUrlRequest } from '../core/broker-adapter';
import { BrokerError, redactSecrets } from '../core/broker-error';
import type { BrokerHttp } from '../core/broker-http';
import { createLinkOnlyAdapter, type PartnerApp } from '../core/link-only-adapter';
import { withQuery } from '../core/login-url';

/** Dhan's partner consent API and login page. */
export const DHAN_AUTH_URL = 'https://auth.dhan.co';

/** The Dhan tile (code 8). The tile's modal hints that the client ID is under profile, account details. */
export const DHAN_MANIFEST: BrokerManifest = brokerManifest('dhan');

/** Settings of the Dhan adapter. */
export interface DhanAdapterDeps {
  /** Overrides Dhan's auth host (tests). */
  readonly authBaseUrl?: string;
  /** The platform's Dhan partner id (`apiKey`) and partner secret (`apiSecret`). */
  readonly partnerApp?: PartnerApp;
  /** The client the consent call goes through. Without one, logins fail with BROKER_UNAVAILABLE. */
  readonly http?: BrokerHttp;
}

/**
 * Dhan partner login: the server first asks `POST /partner/generate-consent` (headers `partner_id`,
 * `partner_secret`) for a `consentId`, then the browser goes to `/consent-login?consentId=…`; Dhan returns the
 * browser with a `tokenId`.
 */
export function createDhanAdapter(deps: DhanAdapterDeps = {}): BrokerAdapter {
  const base = deps.authBaseUrl ?? DHAN_AUTH_URL;

  async function loginUrl(_request: LoginUrlRequest): Promise<string> {
    const partner = deps.partnerApp;
    if (!partner?.apiKey || !partner.apiSecret) {
      throw new BrokerError(
        'MISSING_CREDENTIALS',
        'Dhan login is not configured on this server (no partner app key).',
        {
          brokerId: DHAN_MANIFEST.id,
          retryable: false,
        },
      );
    }
    if (!deps.http) {
      throw new BrokerError(
        'BROKER_UNAVAILABLE',
        "Starting a Dhan login needs Dhan's servers, which this installation does not reach.",
        {
          brokerId: DHAN_MANIFEST.id,
          retryable: false,
        },
      );
    }
    const res = await deps.http.request({
      method: 'POST',
      url: `${base}/partner/generate-consent`,
      headers: { partner_id: partner.apiKey, partner_secret: partner.apiSecret },
      // Generating a consent has no effect beyond returning an id: safe to retry.
      idempotent: true,
    });
    let consentId: unknown;
    try {
      consentId = (JSON.parse(res.text) as { consentId?: unknown }).consentId;
    } catch {
      consentId = undefined;
    }
    if (res.status !== 200 || typeof consentId !== 'string' || consentId === '') {
      throw new BrokerError(
        'BROKER_REJECTED',
        `Dhan refused to start a login (HTTP ${res.status}): ${redactSecrets(res.text.slice(0, 200), [partner.apiSecret])}`,
        { brokerId: DHAN_MANIFEST.id },
      );
    }
    return withQuery(`${base}/consent-login`, { consentId });
  }

  return createLinkOnlyAdapter({ manifest: DHAN_MANIFEST, loginUrl });
}
