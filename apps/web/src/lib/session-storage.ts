import { readStoredItem, removeStoredItem, writeStoredItem } from './local-storage';

/** localStorage key under which the signed-in user's session is kept (shared with the account screens). */
export const SESSION_STORAGE_KEY = 'user';

/** The part of the stored session the API client needs; the stored object may carry more fields. */
export interface StoredSession {
  userID: string;
  loginSecret: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asIdentifier(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Reads the stored session, or null when none is stored or the stored value is unusable. */
export function readSession(): StoredSession | null {
  // No storage (privacy modes) is the same as being signed out.
  const raw = readStoredItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const userID = asIdentifier(parsed['userID']);
  const loginSecret = typeof parsed['loginSecret'] === 'string' ? parsed['loginSecret'] : '';
  if (userID === null || loginSecret.length === 0) return null;
  return { userID, loginSecret };
}

/** Stores the session object as returned by the login call. */
export function writeSession(session: StoredSession & Record<string, unknown>): void {
  writeStoredItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/** Removes the stored session (sign-out or an expired session). */
export function clearSession(): void {
  removeStoredItem(SESSION_STORAGE_KEY);
}
