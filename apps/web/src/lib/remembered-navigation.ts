import { readStoredItem, writeStoredItem } from './local-storage';

/** localStorage key of the plan chosen on a pricing page before signing in (spec §3); pricing screens write it. */
export const SELECTED_PLAN_STORAGE_KEY = 'selectedPlan';
/** localStorage key of the last signed-in page visited, where a returning user is taken after login (spec §4). */
export const LAST_PAGE_STORAGE_KEY = 'lastPage';

/** Whether a plan chosen on a pricing page is remembered. */
export function hasSelectedPlan(): boolean {
  const stored = readStoredItem(SELECTED_PLAN_STORAGE_KEY);
  return stored !== null && stored.length > 0;
}

// Only a path of this site: never a full URL or a protocol-relative `//host`, so a stored value cannot send the user
// elsewhere.
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** The remembered last page (path, query and hash), or null when none is remembered. */
export function readLastPage(): string | null {
  const stored = readStoredItem(LAST_PAGE_STORAGE_KEY);
  return stored !== null && isSitePath(stored) ? stored : null;
}

/** Remembers `path` as the last page visited; anything but a path of this site is ignored. */
export function rememberLastPage(path: string): void {
  if (isSitePath(path)) writeStoredItem(LAST_PAGE_STORAGE_KEY, path);
}
