import { brokerManifest } from '@fnodesk/contracts';
import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '@fnodesk/domain';
import type { BrokerAdapter, BrokerManifest } from '../core/broker-adapter';
import { BrokerError } from '../core/broker-error';
import { callbackLoginUrl } from '../core/login-url';
import { nextIstSixAm } from '../core/session-expiry';

/** The Paper Trading tile (code 12): added straight from the tile, logs in without any broker. */
export const PAPER_MANIFEST: BrokerManifest = brokerManifest('papertrading');

/** What the paper adapter needs. */
export interface PaperAdapterDeps {
  readonly clock?: Pick<Clock, 'now'>;
}

/**
 * Paper Trading as an adapter. Its login URL is the app's own callback, so the login completes on this machine and
 * gives a new user live prices without a broker; the session expires at 06:00 IST like a real broker's, so paper
 * and real accounts go through the same daily cycle.
 */
export function createPaperAdapter(deps: PaperAdapterDeps = {}): BrokerAdapter {
  const clock = deps.clock ?? systemClock;
  return {
    manifest: PAPER_MANIFEST,
    async loginUrl(request) {
      return callbackLoginUrl(request);
    },
    redirectUrlFor: (callbackUrl) => callbackUrl,
    async completeLogin({ account, params }) {
      // The callback carries back the user name the login URL was built with; a mismatch means the URL was edited.
      if (params.userName !== undefined && params.userName !== account.userName) {
        throw new BrokerError('BAD_CALLBACK', 'The login link does not belong to this paper trading account.', {
          brokerId: PAPER_MANIFEST.id,
        });
      }
      return {
        accessToken: randomBytes(32).toString('hex'),
        expiresAt: nextIstSixAm(new Date(clock.now())),
        brokerUserName: account.userName,
      };
    },
    async logout() {},
    tokenExpiry: nextIstSixAm,
    async details(account) {
      return { userName: account.userName, userShortName: account.userName, exchanges: [...PAPER_MANIFEST.exchanges] };
    },
  };
}
