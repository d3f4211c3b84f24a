import type { BrokerHttp } from './broker-http';
import type { PartnerApp } from './link-only-adapter';

/** Settings of an adapter whose login goes through the broker's web page. */
export interface WebLoginAdapterDeps {
  /** Overrides the documented login page (tests, a broker's UAT host). */
  readonly loginBaseUrl?: string;
  /** The platform's own app at the broker, for tiles where users log in without an API key of their own. */
  readonly partnerApp?: PartnerApp;
  /** For brokers whose login URL needs an API call first (Dhan). */
  readonly http?: BrokerHttp;
}
