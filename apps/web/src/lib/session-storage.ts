import { EntitlementsSchema } from '@fnodesk/contracts';
import { z } from 'zod';
import { readStoredItem, removeStoredItem, writeStoredItem } from './local-storage';

/** localStorage key under which the signed-in user's session is kept (shared with the account screens). */
export const SESSION_STORAGE_KEY = 'user';

/** The part of the stored session the API client needs; the stored object may carry more fields. */
export interface StoredSession {
  userID: string;
  loginSecret: string;
}

/** The whole stored session of spec §3: identity, login secret, entitlements and the user's names. */
export const UserSessionSchema = EntitlementsSchema.extend({
  userID: z.string().min(1),
  loginSecret: z.string().min(1),
  email: z.string(),
  gUserRegisterRequired: z.boolean(),
  webSocketChannel: z.string(),
  /** The product or partner site the session was opened on. */
  src: z.string(),
  isLoggedIn: z.literal(true),
  userFirstName: z.string(),
  userLastName: z.string(),
});
/** The whole stored session of spec §3. */
export type UserSession = z.infer<typeof UserSessionSchema>;

type SessionListener = () => void;
const listeners = new Set<SessionListener>();

function notify(): void {
  for (const listener of listeners) listener();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asIdentifier(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function readStoredObject(raw: string | null): Record<string, unknown> | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  return isRecord(parsed) ? parsed : null;
}

/** Parses a raw stored session string; null when it is absent or unusable. */
export function parseSession(raw: string | null): StoredSession | null {
  const stored = readStoredObject(raw);
  if (stored === null) return null;
  const userID = asIdentifier(stored['userID']);
  const loginSecret = typeof stored['loginSecret'] === 'string' ? stored['loginSecret'] : '';
  if (userID === null || loginSecret.length === 0) return null;
  return { userID, loginSecret };
}

/** The raw stored session string (a stable snapshot for `useSyncExternalStore`). */
export function readRawSession(): string | null {
  return readStoredItem(SESSION_STORAGE_KEY);
}

/** Reads the stored session, or null when none is stored or the stored value is unusable. */
export function readSession(): StoredSession | null {
  // No storage (privacy modes) is the same as being signed out.
  return parseSession(readRawSession());
}

/** Parses a raw stored session string into the whole §3 session; null when absent or lacking any §3 field. */
export function parseUserSession(raw: string | null): UserSession | null {
  const parsed = UserSessionSchema.safeParse(readStoredObject(raw));
  return parsed.success ? parsed.data : null;
}

/** Reads the whole §3 session, or null when none is stored or it lacks any of the §3 fields. */
export function readUserSession(): UserSession | null {
  return parseUserSession(readRawSession());
}

/** The signed-in user's e-mail as stored with the session, or null. */
export function readSessionEmail(): string | null {
  const email = readStoredObject(readRawSession())?.['email'];
  return typeof email === 'string' && email.length > 0 ? email : null;
}

/** Stores the session object as returned by the login call. */
export function writeSession(session: StoredSession & Record<string, unknown>): void {
  writeStoredItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

/** Merges `changes` into the stored session; does nothing when nobody is signed in. */
export function updateSession(changes: Partial<Omit<UserSession, 'userID' | 'loginSecret'>>): void {
  const stored = readStoredObject(readRawSession());
  if (stored === null || parseSession(readRawSession()) === null) return;
  writeStoredItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored, ...changes }));
  notify();
}

/** Removes the stored session (sign-out or an expired session). */
export function clearSession(): void {
  removeStoredItem(SESSION_STORAGE_KEY);
  notify();
}

/** Calls `listener` when this tab writes or clears the session or another tab changes it; returns the unsubscribe. */
export function subscribeToSession(listener: SessionListener): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
