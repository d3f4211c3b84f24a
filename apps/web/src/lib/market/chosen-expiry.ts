/** An expiry as the expiry list gives it. */
export interface ListedExpiry {
  date: string;
}

/**
 * The expiry a chain page shows (spec §4.4): the stored one while the list confirms it, else the list's first. While
 * the list loads (`listed` undefined) a stored expiry not yet past is used, so the chain need not wait for the list;
 * the list then confirms or replaces it.
 */
export function chosenExpiry(stored: string | null, listed: readonly ListedExpiry[] | undefined, today: string) {
  if (stored !== null && (listed === undefined ? stored >= today : listed.some((e) => e.date === stored))) {
    return stored;
  }
  return listed?.[0]?.date ?? null;
}
