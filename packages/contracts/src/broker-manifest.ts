import type { BrokerType, LoginTypeCode } from './brokers';

/**
 * The one broker manifest: every broker tile with its type, login type code, tile label, setup screen and
 * capabilities, read by the server, the adapters and the web. Tile order of the broker-login page (accounts §2).
 */

/** Exchanges a broker reaches. */
export type BrokerExchange = 'NSE' | 'BSE' | 'NFO' | 'BFO' | 'MCX' | 'CDS';

/** What a broker integration can do; pages and services read these instead of switching on the broker. */
export interface BrokerCapabilities {
  /** Sends real orders to the broker (spec: only Zerodha); every other broker trades on paper. */
  readonly realOrders: boolean;
  /** May be enabled for trading (`quickTrade`); ICICI may not (accounts §5). */
  readonly quickTrade: boolean;
  /** The tile goes to `/broker-setup` first. */
  readonly setupScreen: boolean;
  /** The account needs an API key and secret of the user's own broker app. */
  readonly apiCredentials: boolean;
  /** The authentication modal asks for a TOTP (Shoonya, XTS, Kotak Neo; accounts §2). */
  readonly collectTOTPForLogin: boolean;
  /** The authentication modal asks for a password. */
  readonly collectPasswordForLogin: boolean;
  /** The login can complete on this machine without the broker's servers (Paper Trading). */
  readonly offlineLogin: boolean;
  /** The broker sends the login's `state` back to the callback (false: matched by account instead). */
  readonly stateInCallback: boolean;
}

/** One broker tile / integration. `id` is the registry key; several ids may share a `type` (XTS sub-types). */
export interface BrokerManifest {
  readonly id: string;
  readonly type: BrokerType;
  /** XTS flavour (`jainam`, `openxts`, `jainamduck`); absent for other brokers. */
  readonly subType?: string;
  /** Tile label, exactly as the spec lists it. */
  readonly displayName: string;
  readonly loginTypeCode: LoginTypeCode;
  readonly exchanges: readonly BrokerExchange[];
  readonly capabilities: BrokerCapabilities;
}

const ALL: readonly BrokerExchange[] = ['NSE', 'BSE', 'NFO', 'BFO', 'MCX', 'CDS'];

/** Capabilities of a broker trading on paper that logs in through its own web page, with the given differences. */
function caps(overrides: Partial<BrokerCapabilities> = {}): BrokerCapabilities {
  return {
    realOrders: false,
    quickTrade: true,
    setupScreen: false,
    apiCredentials: false,
    collectTOTPForLogin: false,
    collectPasswordForLogin: false,
    offlineLogin: false,
    stateInCallback: true,
    ...overrides,
  };
}

const OWN_APP = { setupScreen: true, apiCredentials: true } as const;

/** Every broker tile, in tile order. */
export const BROKER_MANIFESTS: readonly BrokerManifest[] = [
  {
    id: 'papertrading',
    type: 'papertrading',
    displayName: 'Paper Trading',
    loginTypeCode: 12,
    exchanges: ['NSE', 'BSE', 'NFO', 'BFO'],
    capabilities: caps({ offlineLogin: true }),
  },
  { id: '5paisa', type: '5paisa', displayName: '5Paisa', loginTypeCode: 5, exchanges: ALL, capabilities: caps() },
  {
    id: 'firstock',
    type: 'firstock',
    displayName: 'Firstock',
    loginTypeCode: 15,
    exchanges: ALL,
    capabilities: caps(),
  },
  {
    id: 'aliceblue',
    type: 'aliceblue',
    displayName: 'Aliceblue',
    loginTypeCode: 1,
    exchanges: ALL,
    capabilities: caps({ stateInCallback: false }),
  },
  {
    id: 'angelone',
    type: 'angelone',
    displayName: 'Angel One',
    loginTypeCode: 4,
    exchanges: ALL,
    capabilities: caps(),
  },
  {
    id: 'zerodha',
    type: 'zerodha',
    displayName: 'Zerodha',
    loginTypeCode: 0,
    exchanges: ALL,
    capabilities: caps({ realOrders: true, ...OWN_APP }),
  },
  { id: 'fyers', type: 'fyers', displayName: 'Fyers', loginTypeCode: 2, exchanges: ALL, capabilities: caps() },
  {
    id: 'dhan',
    type: 'dhan',
    displayName: 'Dhan',
    loginTypeCode: 8,
    exchanges: ALL,
    capabilities: caps({ stateInCallback: false }),
  },
  {
    id: 'upstox',
    type: 'upstox',
    displayName: 'Upstox',
    loginTypeCode: 7,
    exchanges: ALL,
    capabilities: caps(OWN_APP),
  },
  {
    id: 'kotakneo',
    type: 'kotakneo',
    displayName: 'Kotak Neo',
    loginTypeCode: 14,
    exchanges: ALL,
    capabilities: caps({ ...OWN_APP, collectTOTPForLogin: true, collectPasswordForLogin: true }),
  },
  {
    id: 'shoonya',
    type: 'shoonya',
    displayName: 'Shoonya',
    loginTypeCode: 10,
    exchanges: ALL,
    capabilities: caps({ ...OWN_APP, collectTOTPForLogin: true, collectPasswordForLogin: true }),
  },
  {
    id: 'flattrade',
    type: 'flattrade',
    displayName: 'FlatTrade',
    loginTypeCode: 9,
    exchanges: ALL,
    capabilities: caps({ ...OWN_APP, stateInCallback: false }),
  },
  {
    id: 'xts-jainam',
    type: 'xts',
    subType: 'jainam',
    displayName: 'Jainam (XTS)',
    loginTypeCode: 13,
    exchanges: ALL,
    capabilities: caps({ ...OWN_APP, collectTOTPForLogin: true }),
  },
  {
    id: 'xts-openxts',
    type: 'xts',
    subType: 'openxts',
    displayName: 'Open XTS',
    loginTypeCode: 11,
    exchanges: ALL,
    capabilities: caps({ ...OWN_APP, collectTOTPForLogin: true }),
  },
  {
    id: 'xts-jainamduck',
    type: 'xts',
    subType: 'jainamduck',
    displayName: 'Jainam Duck',
    loginTypeCode: 6,
    exchanges: ALL,
    capabilities: caps({ collectTOTPForLogin: true }),
  },
  {
    id: 'icici',
    type: 'icici',
    displayName: 'ICICI Direct',
    loginTypeCode: 3,
    exchanges: ['NSE', 'BSE', 'NFO'],
    capabilities: caps({ ...OWN_APP, quickTrade: false, stateInCallback: false }),
  },
];

/** The manifest with a registry id; throws for an id no tile has (a programming error). */
export function brokerManifest(id: string): BrokerManifest {
  const manifest = BROKER_MANIFESTS.find((m) => m.id === id);
  if (!manifest) throw new Error(`No broker manifest with id ${id}`);
  return manifest;
}

/** The manifest of an account's type (and sub-type for xts), if any. */
export function brokerManifestOfType(type: BrokerType, subType?: string | null): BrokerManifest | undefined {
  return BROKER_MANIFESTS.find(
    (m) => m.type === type && (m.subType ?? null) === (type === 'xts' ? (subType ?? null) : null),
  );
}

/** True when accounts of this type may send real orders (spec §1: only Zerodha); all others trade on paper. */
export function tradesLive(type: BrokerType): boolean {
  return BROKER_MANIFESTS.some((m) => m.type === type && m.capabilities.realOrders);
}
