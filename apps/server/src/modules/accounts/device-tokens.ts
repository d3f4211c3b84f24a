import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../platform/secret-box';

const PURPOSE = 'login-device';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** A device token that checked out: the account it was issued for and the device's own id. */
export interface KnownDevice {
  readonly userId: string;
  readonly deviceId: string;
}

/**
 * Device tokens of the known-device pattern (OWASP "Slow down online guessing attacks with device cookies"): a
 * successful login hands the browser a token signed for that account, `<userId>.<deviceId>.<signature>`; sent with
 * later logins of the same account it marks the attempt as coming from a device the owner has used, so failures from
 * elsewhere never lock that device out, and it gets its own small failure budget.
 *
 * The web client keeps the token in local storage and sends it in the login body rather than as a cookie: the API
 * authenticates by headers and sets no cookies, so a cookie would add an ambient credential (and CSRF and CORS
 * credential rules) for this one purpose. A token proves only "this device signed in to this account before"; it
 * never signs anyone in by itself.
 */
export function createDeviceTokens(box: SecretBox) {
  return {
    /** A new token for a device that has just signed in to `userId`. */
    issue(userId: string): string {
      const deviceId = randomBytes(16).toString('base64url');
      return `${userId}.${deviceId}.${box.sign(PURPOSE, `${userId}.${deviceId}`)}`;
    },
    /** The device behind `token` when its signature holds under any key of the ring; undefined otherwise. */
    read(token: string | undefined): KnownDevice | undefined {
      if (token === undefined || token.length > 200) return undefined;
      const [userId, deviceId, keyId, tag, extra] = token.split('.');
      if (!userId || !deviceId || !keyId || !tag || extra !== undefined) return undefined;
      if (!UUID.test(userId) || !NONCE.test(deviceId)) return undefined;
      return box.verify(PURPOSE, `${userId}.${deviceId}`, `${keyId}.${tag}`) ? { userId, deviceId } : undefined;
    },
  };
}

/** Device tokens' interface. */
export type DeviceTokens = ReturnType<typeof createDeviceTokens>;
