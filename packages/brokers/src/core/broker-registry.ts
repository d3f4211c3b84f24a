import type { BrokerType, LoginTypeCode } from '@fnodesk/contracts';
import { systemClock, type Clock } from '@fnodesk/domain';
import type { BrokerAdapter } from './broker-adapter';
import { BrokerError } from './broker-error';
import { createBrokerHttp, type BrokerHttp } from './broker-http';
import type { PartnerApp } from './link-only-adapter';
import { createAliceblueAdapter } from '../aliceblue/aliceblue-adapter';
import { createAngelOneAdapter } from '../angelone/angelone-adapter';
import { createDhanAdapter } from '../dhan/dhan-adapter';
import { createFirstockAdapter } from '../firstock/firstock-adapter';
import { createFivePaisaAdapter } from '../fivepaisa/fivepaisa-adapter';
import { createFlatTradeAdapter } from '../flattrade/flattrade-adapter';
import { createFyersAdapter } from '../fyers/fyers-adapter';
import { createIciciAdapter } from '../icici/icici-adapter';
import { createKotakNeoAdapter } from '../kotakneo/kotakneo-adapter';
import { createPaperAdapter } from '../paper/paper-adapter';
import { createShoonyaAdapter } from '../shoonya/shoonya-adapter';
import { createUpstoxAdapter } from '../upstox/upstox-adapter';
import { createXtsAdapter } from '../xts/xts-adapter';
import { createZerodhaAdapter, type ZerodhaAdapterDeps } from '../zerodha/zerodha-adapter';

/** Registry ids of the tiles whose users log in through the platform's own app at the broker. */
export type PartnerBrokerId = '5paisa' | 'aliceblue' | 'angelone' | 'fyers' | 'dhan';

/** What the registry's adapters share. Everything has a working default. */
export interface BrokerRegistryDeps {
  readonly clock?: Clock;
  /** The fetch the shared HTTP clients use (tests pass a stub). */
  readonly fetch?: typeof fetch;
  /** Waits for retries and rate limits (tests pass one that returns at once). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Zerodha: the Kite API root and login page (the fake Kite server in tests). */
  readonly zerodha?: Omit<ZerodhaAdapterDeps, 'clock' | 'sleep'>;
  /** The platform's partner apps, for tiles where the user has no API key of their own. */
  readonly partnerApps?: Readonly<Partial<Record<PartnerBrokerId, PartnerApp>>>;
  /** Overrides of the brokers' documented login pages or auth hosts, by registry id. */
  readonly loginBaseUrls?: Readonly<Partial<Record<string, string>>>;
}

/** The one static list of broker integrations, in the tile order of the broker-login page. */
export interface BrokerRegistry {
  /** Every adapter, in tile order (accounts §2). */
  readonly adapters: readonly BrokerAdapter[];
  /** The adapter with a registry id, if any. */
  byId(id: string): BrokerAdapter | undefined;
  /** The adapter of an account's `type` (and `subType` for xts), if any. */
  byType(type: BrokerType, subType?: string | null): BrokerAdapter | undefined;
  /** The adapter with a login type code (0–15), if any. */
  byLoginTypeCode(code: LoginTypeCode): BrokerAdapter | undefined;
  /** Like `byType`, but throws BROKER_REJECTED for a type or sub-type nobody handles. */
  require(type: BrokerType, subType?: string | null): BrokerAdapter;
}

/** Builds the registry: one line per broker, in the spec's tile order. */
export function createBrokerRegistry(deps: BrokerRegistryDeps = {}): BrokerRegistry {
  const clock = deps.clock ?? systemClock;
  const partner = deps.partnerApps ?? {};
  const base = deps.loginBaseUrls ?? {};
  const http = (brokerId: string, brokerName: string): BrokerHttp =>
    createBrokerHttp({ brokerId, brokerName, clock, fetch: deps.fetch, sleep: deps.sleep });

  const adapters: readonly BrokerAdapter[] = [
    createPaperAdapter({ clock }),
    createFivePaisaAdapter({ loginBaseUrl: base['5paisa'], partnerApp: partner['5paisa'] }),
    createFirstockAdapter(),
    createAliceblueAdapter({ loginBaseUrl: base.aliceblue, partnerApp: partner.aliceblue }),
    createAngelOneAdapter({ loginBaseUrl: base.angelone, partnerApp: partner.angelone }),
    createZerodhaAdapter({ ...deps.zerodha, clock, sleep: deps.sleep }),
    createFyersAdapter({ loginBaseUrl: base.fyers, partnerApp: partner.fyers }),
    createDhanAdapter({ authBaseUrl: base.dhan, partnerApp: partner.dhan, http: http('dhan', 'Dhan') }),
    createUpstoxAdapter({ loginBaseUrl: base.upstox }),
    createKotakNeoAdapter(),
    createShoonyaAdapter(),
    createFlatTradeAdapter({ loginBaseUrl: base.flattrade }),
    createXtsAdapter('jainam'),
    createXtsAdapter('openxts'),
    createXtsAdapter('jainamduck'),
    createIciciAdapter({ loginBaseUrl: base.icici }),
  ];

  const byId = new Map(adapters.map((a) => [a.manifest.id, a]));
  const byCode = new Map(adapters.map((a) => [a.manifest.loginTypeCode, a]));
  const byType = (type: BrokerType, subType?: string | null) =>
    adapters.find(
      (a) => a.manifest.type === type && (a.manifest.subType ?? null) === (type === 'xts' ? (subType ?? null) : null),
    );

  return {
    adapters,
    byId: (id) => byId.get(id),
    byType,
    byLoginTypeCode: (code) => byCode.get(code),
    require(type, subType) {
      const adapter = byType(type, subType);
      if (!adapter) {
        throw new BrokerError(
          'BROKER_REJECTED',
          `No broker integration for ${type}${subType ? ` (${subType})` : ''}.`,
          {
            retryable: false,
          },
        );
      }
      return adapter;
    },
  };
}
