import type { BrokerCapabilities } from './broker-adapter';

/**
 * The capabilities of a broker that trades on paper, logs in through the broker's own web page and sends the state
 * back, with the given differences. Manifests list only what differs, so the exceptions stand out.
 */
export function brokerCapabilities(overrides: Partial<BrokerCapabilities> = {}): BrokerCapabilities {
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

/** Every exchange a full-service Indian broker reaches. */
export const ALL_EXCHANGES = ['NSE', 'BSE', 'NFO', 'BFO', 'MCX', 'CDS'] as const;
