import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

const KEY = 'knownDevices';
// People share a computer with a few accounts at most; older entries go first.
const MAX_ACCOUNTS = 10;

type Stored = [email: string, token: string][];

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(readStoredItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, string] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * The device token an earlier login of `email` on this browser returned: sent with the next login so the server
 * knows the device and failed attempts from elsewhere do not lock it out. Kept across sign-outs on purpose.
 */
export function deviceTokenFor(email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return readAll().find(([e]) => e === wanted)?.[1];
}

/** The token of the account that signed in here last (for Google sign-in, whose e-mail is not typed). */
export function lastDeviceToken(): string | undefined {
  return readAll()[0]?.[1];
}

/** Keeps the device token a login returned, newest first. */
export function rememberDeviceToken(email: string, token: string | undefined): void {
  if (token === undefined) return;
  const key = email.trim().toLowerCase();
  const rest = readAll().filter(([e]) => e !== key);
  writeStoredItem(KEY, JSON.stringify([[key, token], ...rest].slice(0, MAX_ACCOUNTS)));
}
