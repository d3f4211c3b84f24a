import { brokerManifest } from '@fnodesk/contracts';
import { type XTS_SUB_TYPES } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** An XTS flavour (`subType`). */
export type XtsSubType = (typeof XTS_SUB_TYPES)[number];

// Symphony XTS logs in through its interactive API (`/interactive/user/session` with the app key and secret key),
// with a TOTP for the broker's second factor; there is no browser page, so the modal collects the TOTP.
/** The three XTS tiles, by sub-type. */
export const XTS_MANIFESTS: Readonly<Record<XtsSubType, BrokerManifest>> = {
  jainam: brokerManifest('xts-jainam'),
  openxts: brokerManifest('xts-openxts'),
  jainamduck: brokerManifest('xts-jainamduck'),
};

/** An XTS adapter for one sub-type: the login URL is the app's callback, to which the modal appends `totp`. */
export function createXtsAdapter(subType: XtsSubType): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: XTS_MANIFESTS[subType], loginUrl: callbackLoginUrl });
}
