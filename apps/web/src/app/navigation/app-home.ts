import { APP_PAGES, type AppPageName } from '../app-pages';
import { isRegisteredPath, paths } from '../paths';
import { NAV_GROUPS } from './nav-groups';

// Where the spec sends a signed-in user: / goes to the charts; the navbar's App link to the option-chain charts or
// the futures dashboard.
const PREFERRED_HOMES: readonly AppPageName[] = ['charts', 'optionChainCharts', 'futureDashboard'];

/**
 * The signed-in app's first page: the first registered of the spec's home pages, else the first registered
 * Discover page of the menu, else My Profile (which every signed-in user may open).
 */
export function appHomePath(isRegistered: (path: string) => boolean = isRegisteredPath): string {
  for (const name of PREFERRED_HOMES) {
    if (isRegistered(APP_PAGES[name].path)) return APP_PAGES[name].path;
  }
  for (const group of NAV_GROUPS) {
    for (const name of group.pages) {
      const page = APP_PAGES[name];
      if (page.access === 'discover' && isRegistered(page.path)) return page.path;
    }
  }
  return paths.profile;
}

/** Where / takes a signed-in user: the charts page once it exists; until then nowhere (the landing page stays). */
export function signedInHomeRedirect(isRegistered: (path: string) => boolean = isRegisteredPath): string | null {
  return isRegistered(APP_PAGES.charts.path) ? APP_PAGES.charts.path : null;
}
