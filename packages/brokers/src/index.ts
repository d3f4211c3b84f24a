/**
 * @fnodesk/brokers: the broker integrations (ARCHITECTURE §6). Exports
 * - the `BrokerAdapter` interface and its types (manifest, capabilities, login request/session/details);
 * - `createBrokerRegistry(deps)`: the one static registry of the 16 broker-login tiles, in tile order, looked up by
 *   id, by (type, subType) or by login type code;
 * - `BrokerError` (stable `code`, `httpStatus`, no secrets in messages), `BROKER_ERROR_CODES`, `isBrokerError`,
 *   `redactSecrets`;
 * - `createBrokerHttp` / `createTokenBucket`: shared HTTP with timeout, bounded retry and per-adapter rate limit;
 * - `nextIstSixAm`: the 06:00 IST token expiry every broker session follows;
 * - Zerodha: `verifyKitePostback`, `kitePostbackChecksum`, `needsTotpPrompt`, the Kite URLs;
 * - `generateTotp`: RFC 6238 codes from a base32 seed (Zerodha auto-login);
 * - each adapter's factory and manifest constant, for tests and tools.
 * Test helpers (the adapter contract suite, the fake Kite Connect server) live in `@fnodesk/brokers/testing`.
 */
export * from './core/broker-adapter';
export * from './core/broker-error';
export * from './core/broker-http';
export * from './core/broker-registry';
export {
  createLinkOnlyAdapter,
  requireApiKey,
  type LinkOnlyAdapterSpec,
  type PartnerApp,
} from './core/link-only-adapter';
export type { WebLoginAdapterDeps } from './core/link-only-deps';
export { withQuery, callbackLoginUrl, base64Utf8 } from './core/login-url';
export { nextIstSixAm, BROKER_TOKEN_EXPIRY_IST } from './core/session-expiry';
export { generateTotp, decodeBase32 } from './core/totp';
export { createPaperAdapter, PAPER_MANIFEST, type PaperAdapterDeps } from './paper/paper-adapter';
// The paper exchange's matching engine (pure; the server persists its inputs and state).
export { createPaperEngine, initialPaperEngineState, DEFAULT_PAPER_ENGINE_CONFIG } from './paper/paper-engine';
export type * from './paper/paper-engine-types';
export {
  createZerodhaAdapter,
  needsTotpPrompt,
  ZERODHA_MANIFEST,
  KITE_API_ROOT,
  KITE_LOGIN_URL,
  type ZerodhaAdapterDeps,
} from './zerodha/zerodha-adapter';
export { verifyKitePostback, kitePostbackChecksum } from './zerodha/zerodha-postback';
export { mapKiteError } from './zerodha/kite-error-mapper';
export { createFivePaisaAdapter, FIVEPAISA_MANIFEST, FIVEPAISA_LOGIN_URL } from './fivepaisa/fivepaisa-adapter';
export { createFirstockAdapter, FIRSTOCK_MANIFEST } from './firstock/firstock-adapter';
export { createAliceblueAdapter, ALICEBLUE_MANIFEST, ALICEBLUE_LOGIN_URL } from './aliceblue/aliceblue-adapter';
export { createAngelOneAdapter, ANGELONE_MANIFEST, ANGELONE_LOGIN_URL } from './angelone/angelone-adapter';
export { createFyersAdapter, FYERS_MANIFEST, FYERS_LOGIN_URL } from './fyers/fyers-adapter';
export { createDhanAdapter, DHAN_MANIFEST, DHAN_AUTH_URL, type DhanAdapterDeps } from './dhan/dhan-adapter';
export { createUpstoxAdapter, UPSTOX_MANIFEST, UPSTOX_LOGIN_URL } from './upstox/upstox-adapter';
export { createKotakNeoAdapter, KOTAKNEO_MANIFEST } from './kotakneo/kotakneo-adapter';
export { createShoonyaAdapter, SHOONYA_MANIFEST } from './shoonya/shoonya-adapter';
export { createFlatTradeAdapter, FLATTRADE_MANIFEST, FLATTRADE_LOGIN_URL } from './flattrade/flattrade-adapter';
export { createXtsAdapter, XTS_MANIFESTS, type XtsSubType } from './xts/xts-adapter';
export { createIciciAdapter, ICICI_MANIFEST, ICICI_LOGIN_URL } from './icici/icici-adapter';
