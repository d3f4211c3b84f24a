/**
 * @fnodesk/brokers/testing: what tests of the broker integrations and of the server share.
 * - `describeBrokerAdapterContract`: the contract suite every registered adapter passes (vitest);
 * - `startKiteConnectFake`: a local Kite Connect server (login page, session token, profile, margins, logout) the
 *   Zerodha adapter and the server's broker routes are tested against, and `submitKiteLoginForm` to drive its page;
 * - paper engine fixtures: NIFTY/RELIANCE instruments, `bookTick` (a tick with five-level depth), `orderRequest`.
 */
export {
  describeBrokerAdapterContract,
  SETUP_SCREEN_CODES,
  MODAL_LOGIN_TYPES,
  type AdapterContractFixtures,
} from './core/adapter-contract';
export * from '../test/fakes/kite-connect-fake';
export * from './paper/paper-engine.fixtures';
