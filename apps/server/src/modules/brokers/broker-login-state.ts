import { createHash, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../platform/secret-box';

/** How long a login link's `state` is accepted: long enough to type a password and TOTP at the broker. */
export const LOGIN_STATE_TTL_MS = 600_000;

const PURPOSE = 'broker-login-state';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A `state` as the callback presents it, once its signature has been checked. */
export interface VerifiedLoginState {
  readonly accountId: string;
  readonly expiresAt: Date;
  /** SHA-256 of the state: the key under which its single use is recorded. */
  readonly hash: string;
}

/** Why a `state` was refused. */
export type LoginStateRefusal = 'invalid' | 'expired';

/** SHA-256 (hex) of a login state, as stored. */
export function loginStateHash(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}

/**
 * A new login `state` for one user's account: `<accountId>.<nonce>.<expiry>.<keyId>.<mac>`. It is signed rather
 * than stored, so a broker list can carry a ready login link per account without writing a row; the signature binds
 * it to the user (who is not named in it), the account and its expiry, and the callback records its one use.
 */
export function issueLoginState(
  box: SecretBox,
  input: { userId: string; accountId: string; now: number },
): { state: string; expiresAt: Date } {
  const nonce = randomBytes(16).toString('base64url');
  const expiresAt = input.now + LOGIN_STATE_TTL_MS;
  const expiry = expiresAt.toString(36);
  const signature = box.sign(PURPOSE, `${input.userId}|${input.accountId}|${nonce}|${expiry}`);
  return { state: `${input.accountId}.${nonce}.${expiry}.${signature}`, expiresAt: new Date(expiresAt) };
}

/** Checks a `state` for the user presenting it: signed by us for this user, and not expired. */
export function verifyLoginState(
  box: SecretBox,
  state: string,
  input: { userId: string; now: number },
): VerifiedLoginState | LoginStateRefusal {
  if (state.length > 256) return 'invalid';
  const [accountId, nonce, expiry, keyId, tag, extra] = state.split('.');
  if (!accountId || !UUID.test(accountId) || !nonce || !expiry || !keyId || !tag || extra !== undefined) {
    return 'invalid';
  }
  if (!box.verify(PURPOSE, `${input.userId}|${accountId}|${nonce}|${expiry}`, `${keyId}.${tag}`)) return 'invalid';
  const expiresAt = parseInt(expiry, 36);
  if (!Number.isSafeInteger(expiresAt)) return 'invalid';
  if (expiresAt <= input.now) return 'expired';
  return { accountId, expiresAt: new Date(expiresAt), hash: loginStateHash(state) };
}
