import { LOGIN_TYPE_CODES, type XTS_SUB_TYPES } from '@fnodesk/contracts';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { ALL_EXCHANGES, brokerCapabilities } from '../core/capabilities';
import { createLinkOnlyAdapter } from '../core/link-only-adapter';
import { callbackLoginUrl } from '../core/login-url';

/** An XTS flavour (`subType`). */
export type XtsSubType = (typeof XTS_SUB_TYPES)[number];

// Symphony XTS logs in through its interactive API (`/interactive/user/session` with the app key and secret key),
// with a TOTP for the broker's second factor; there is no browser page, so the modal collects the TOTP.
const xtsCapabilities = (setupScreen: boolean) =>
  brokerCapabilities({ setupScreen, apiCredentials: setupScreen, collectTOTPForLogin: true });

/** The three XTS tiles, by sub-type. */
export const XTS_MANIFESTS: Readonly<Record<XtsSubType, BrokerManifest>> = {
  jainam: {
    id: 'xts-jainam',
    type: 'xts',
    subType: 'jainam',
    displayName: 'Jainam (XTS)',
    loginTypeCode: LOGIN_TYPE_CODES.xtsProp,
    exchanges: ALL_EXCHANGES,
    capabilities: xtsCapabilities(true),
  },
  openxts: {
    id: 'xts-openxts',
    type: 'xts',
    subType: 'openxts',
    displayName: 'Open XTS',
    loginTypeCode: LOGIN_TYPE_CODES.xtsOpen,
    exchanges: ALL_EXCHANGES,
    capabilities: xtsCapabilities(true),
  },
  jainamduck: {
    id: 'xts-jainamduck',
    type: 'xts',
    subType: 'jainamduck',
    displayName: 'Jainam Duck',
    loginTypeCode: LOGIN_TYPE_CODES.jainamDuck,
    exchanges: ALL_EXCHANGES,
    capabilities: xtsCapabilities(false),
  },
};

/** An XTS adapter for one sub-type: the login URL is the app's callback, to which the modal appends `totp`. */
export function createXtsAdapter(subType: XtsSubType): BrokerAdapter {
  return createLinkOnlyAdapter({ manifest: XTS_MANIFESTS[subType], loginUrl: callbackLoginUrl });
}
