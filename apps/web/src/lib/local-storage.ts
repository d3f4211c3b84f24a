// The browser's localStorage, safe to call when storage is disabled (privacy modes, full quota): reads then find
// nothing and writes last only as long as the page. Every persisted preference and the session go through here.

/** The stored string under `key`, or null when absent or storage is unavailable. */
export function readStoredItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; does nothing when storage is unavailable. */
export function writeStoredItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full: the value lasts for this page only.
  }
}

/** Removes `key`; does nothing when storage is unavailable. */
export function removeStoredItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was stored.
  }
}
