import type {
  BrokerAccountAuth,
  BrokerAccountDetails,
  BrokerAdapter,
  BrokerManifest,
  BrokerSession,
  CompleteLoginRequest,
  LoginUrlRequest,
} from './broker-adapter';
import { BrokerError } from './broker-error';
import { nextIstSixAm } from './session-expiry';

/** What a link-only adapter is built from. */
export interface LinkOnlyAdapterSpec {
  readonly manifest: BrokerManifest;
  /** Builds the broker's documented login URL. */
  readonly loginUrl: (request: LoginUrlRequest) => string | Promise<string>;
  /** The redirect URL to register with the broker; defaults to the callback URL itself. */
  readonly redirectUrlFor?: (callbackUrl: string, account: BrokerAccountAuth) => string;
}

/**
 * An adapter for a broker whose login this installation can start but not finish: it builds the broker's login
 * URL, but exchanging the callback's token needs the broker's servers, so completing the login fails with
 * BROKER_UNAVAILABLE and the account stays 'Submitted'. These brokers trade on paper (accounts §5), so nothing else
 * needs their API.
 */
export function createLinkOnlyAdapter(spec: LinkOnlyAdapterSpec): BrokerAdapter {
  const { manifest } = spec;
  const unavailable = (what: string) =>
    new BrokerError(
      'BROKER_UNAVAILABLE',
      `${what} needs ${manifest.displayName}'s servers, which this installation does not reach. The account stays 'Submitted'.`,
      { brokerId: manifest.id, retryable: false },
    );
  return {
    manifest,
    async loginUrl(request) {
      return spec.loginUrl(request);
    },
    redirectUrlFor: spec.redirectUrlFor ?? ((callbackUrl) => callbackUrl),
    async completeLogin(_request: CompleteLoginRequest): Promise<BrokerSession> {
      throw unavailable(`Completing a ${manifest.displayName} login`);
    },
    // No session is ever created, so there is nothing to end at the broker.
    async logout(): Promise<void> {},
    tokenExpiry: nextIstSixAm,
    async details(): Promise<BrokerAccountDetails> {
      throw unavailable(`Reading ${manifest.displayName} account details`);
    },
  };
}

/** The partner app credentials of the platform for a broker (used when the account has no API key of its own). */
export interface PartnerApp {
  readonly apiKey: string;
  readonly apiSecret?: string;
}

/**
 * The API key a login URL carries: the account's own, else the platform's partner app key. Throws
 * MISSING_CREDENTIALS naming what is missing (never a value).
 */
export function requireApiKey(manifest: BrokerManifest, account: BrokerAccountAuth, partner?: PartnerApp): string {
  const key = account.apiKey?.trim() || partner?.apiKey.trim();
  if (!key) {
    throw new BrokerError(
      'MISSING_CREDENTIALS',
      manifest.capabilities.apiCredentials
        ? `Enter the API key of your ${manifest.displayName} app for this account first.`
        : `${manifest.displayName} login is not configured on this server (no partner app key).`,
      { brokerId: manifest.id, retryable: false },
    );
  }
  return key;
}
