// A place in the app's top bar where a page puts controls of its own (spec signed-in §2.2: the Advance Chart's
// split-screen selector and MTF checkbox). The top bar renders an empty element with this id; the page portals into it.
import { useSyncExternalStore } from 'react';

/** Id of the top bar's element for page controls. */
export const TOP_BAR_SLOT_ID = 'app-topbar-slot';

// The top bar is mounted before any page (pages are lazy routes inside the shell), so the element is there when a
// page first renders and stays for the page's life: nothing to subscribe to.
const subscribe = () => () => undefined;
const slot = () => document.getElementById(TOP_BAR_SLOT_ID);

/** The top bar's element for page controls (null outside the app shell). */
export function useTopBarSlot(): HTMLElement | null {
  return useSyncExternalStore(subscribe, slot, () => null);
}
