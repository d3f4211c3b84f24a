import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the last client ID typed per broker tile (accounts §3). */
export const LAST_CLIENT_ID_STORAGE_KEY = 'brokerClientIds';

function readAll(): Record<string, string> {
  const raw = readStoredItem(LAST_CLIENT_ID_STORAGE_KEY);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The client ID last used with the tile `tileId`, or '' when none is remembered. */
export function readLastClientId(tileId: string): string {
  return readAll()[tileId] ?? '';
}

/** Remembers `clientId` as the last one used with the tile `tileId`. */
export function rememberClientId(tileId: string, clientId: string): void {
  writeStoredItem(LAST_CLIENT_ID_STORAGE_KEY, JSON.stringify({ ...readAll(), [tileId]: clientId }));
}
