import { BrokerTypeSchema, LOGIN_TYPE_CODES, type BrokerType, type LoginTypeCode } from '@fnodesk/contracts';

/** One tile of /authentication/broker-login (accounts §2): the broker, how it is stored and how its login starts. */
export interface BrokerTile {
  /** Stable key of the tile (also the key under which its last client ID is remembered). */
  id: string;
  /** The tile's label, exactly as the spec lists it. */
  label: string;
  type: BrokerType;
  /** XTS flavour, for the three XTS tiles. */
  subType?: 'jainam' | 'openxts' | 'jainamduck';
  loginTypeCode: LoginTypeCode;
  /** Tile tooltip (Open XTS: '200+ brokers supported'). */
  tooltip?: string;
  /** Name of the broker's mark in the site's broker marks (the landing page's carousel), when it has one. */
  markName?: string;
  /** A hint shown under the client ID field of the tile's modal. */
  clientIdHint?: string;
}

/** The spec's Dhan hint: where a Dhan user finds the client ID. */
export const DHAN_CLIENT_ID_HINT = 'You can find your Client ID under Profile, Account Details in Dhan.';

/** The 16 tiles in the spec's order. */
export const BROKER_TILES: readonly BrokerTile[] = [
  { id: 'papertrading', label: 'Paper Trading', type: 'papertrading', loginTypeCode: LOGIN_TYPE_CODES.paperTrading },
  { id: '5paisa', label: '5Paisa', type: '5paisa', loginTypeCode: LOGIN_TYPE_CODES.fivePaisa, markName: '5Paisa' },
  {
    id: 'firstock',
    label: 'Firstock',
    type: 'firstock',
    loginTypeCode: LOGIN_TYPE_CODES.firstock,
    markName: 'Firstock',
  },
  {
    id: 'aliceblue',
    label: 'Aliceblue',
    type: 'aliceblue',
    loginTypeCode: LOGIN_TYPE_CODES.aliceblue,
    markName: 'Aliceblue',
  },
  {
    id: 'angelone',
    label: 'Angel One',
    type: 'angelone',
    loginTypeCode: LOGIN_TYPE_CODES.angelone,
    markName: 'Angel One',
  },
  { id: 'zerodha', label: 'Zerodha', type: 'zerodha', loginTypeCode: LOGIN_TYPE_CODES.zerodha, markName: 'Zerodha' },
  { id: 'fyers', label: 'Fyers', type: 'fyers', loginTypeCode: LOGIN_TYPE_CODES.fyers, markName: 'Fyers' },
  {
    id: 'dhan',
    label: 'Dhan',
    type: 'dhan',
    loginTypeCode: LOGIN_TYPE_CODES.dhan,
    markName: 'Dhan',
    clientIdHint: DHAN_CLIENT_ID_HINT,
  },
  { id: 'upstox', label: 'Upstox', type: 'upstox', loginTypeCode: LOGIN_TYPE_CODES.upstox, markName: 'Upstox' },
  {
    id: 'kotakneo',
    label: 'Kotak Neo',
    type: 'kotakneo',
    loginTypeCode: LOGIN_TYPE_CODES.kotakNeo,
    markName: 'Kotak Neo',
  },
  { id: 'shoonya', label: 'Shoonya', type: 'shoonya', loginTypeCode: LOGIN_TYPE_CODES.shoonya, markName: 'Shoonya' },
  {
    id: 'flattrade',
    label: 'FlatTrade',
    type: 'flattrade',
    loginTypeCode: LOGIN_TYPE_CODES.flattrade,
    markName: 'FlatTrade',
  },
  {
    id: 'jainam',
    label: 'Jainam (XTS)',
    type: 'xts',
    subType: 'jainam',
    loginTypeCode: LOGIN_TYPE_CODES.xtsProp,
    markName: 'Jainam',
  },
  {
    id: 'openxts',
    label: 'Open XTS',
    type: 'xts',
    subType: 'openxts',
    loginTypeCode: LOGIN_TYPE_CODES.xtsOpen,
    tooltip: '200+ brokers supported',
    markName: 'Symphony XTS brokers',
  },
  {
    id: 'jainamduck',
    label: 'Jainam Duck',
    type: 'xts',
    subType: 'jainamduck',
    loginTypeCode: LOGIN_TYPE_CODES.jainamDuck,
    markName: 'Jainam',
  },
  {
    id: 'icici',
    label: 'ICICI Direct',
    type: 'icici',
    loginTypeCode: LOGIN_TYPE_CODES.icici,
    markName: 'ICICI Direct',
  },
];

/** Login type codes whose tile goes to /broker-setup first (accounts §4): they need the user's own API app. */
export const SETUP_SCREEN_CODES: ReadonlySet<LoginTypeCode> = new Set([0, 3, 7, 9, 10, 11, 13, 14]);

/** The tile of a type (and XTS sub-type), or undefined for an unknown pair. */
export function tileFor(type: string, subType?: string | null): BrokerTile | undefined {
  return BROKER_TILES.find(
    (tile) => tile.type === type && (tile.subType === undefined || tile.subType === (subType ?? undefined)),
  );
}

/** What a tile does once a client ID is entered (accounts §4 'Broker linking from broker-login tile'). */
export type TileAction = 'broker-accounts' | 'setup' | 'add-and-login';

/**
 * The §4 routing of a tile: an account with the same user name already linked → the Broker List; the types that need
 * an API app (codes 0, 3, 7, 9, 10, 11, 13, 14) → /broker-setup; every other type is added and logged in at once.
 */
export function tileAction(
  tile: BrokerTile,
  userName: string,
  existing: readonly { type: string; userName: string }[],
): TileAction {
  const wanted = userName.trim().toUpperCase();
  if (existing.some((account) => account.type === tile.type && account.userName.toUpperCase() === wanted)) {
    return 'broker-accounts';
  }
  return SETUP_SCREEN_CODES.has(tile.loginTypeCode) ? 'setup' : 'add-and-login';
}

/**
 * White-label partner sites (the host's first label): on such a host the broker-login page shows only the partner's
 * own tile (accounts §2). Keys are host labels, values tile ids.
 */
export const WHITE_LABEL_PARTNERS: Readonly<Record<string, string>> = {
  zerodha: 'zerodha',
  upstox: 'upstox',
  dhan: 'dhan',
  fyers: 'fyers',
  angelone: 'angelone',
  aliceblue: 'aliceblue',
  shoonya: 'shoonya',
  flattrade: 'flattrade',
  firstock: 'firstock',
  kotakneo: 'kotakneo',
  jainam: 'jainam',
  '5paisa': '5paisa',
};

/** The tiles to show on `hostname`: only the partner's on a white-label host, else all 16. */
export function tilesForHost(hostname: string, partners: Readonly<Record<string, string>> = WHITE_LABEL_PARTNERS) {
  const label = hostname.split('.')[0]?.toLowerCase() ?? '';
  const partnerTile = Object.hasOwn(partners, label) ? partners[label] : undefined;
  if (partnerTile === undefined) return BROKER_TILES;
  const only = BROKER_TILES.filter((tile) => tile.id === partnerTile);
  return only.length > 0 ? only : BROKER_TILES;
}

/** The tile named by /broker-setup's query (type and subtype), when it is one of the §4 setup brokers. */
export function setupTile(type: string | null, subType: string | null): BrokerTile | undefined {
  if (type === null || !BrokerTypeSchema.safeParse(type).success) return undefined;
  const tile = tileFor(type, subType);
  return tile !== undefined && SETUP_SCREEN_CODES.has(tile.loginTypeCode) ? tile : undefined;
}
