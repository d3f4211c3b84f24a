import type { AppPage } from '../app-pages';

/**
 * The top bar's title (spec signed-in §2.2): the page's own name when the route names one, else words made from
 * the path's last segment ('/pages/fno-stocks' → 'Fno Stocks').
 */
export function topBarTitle(pathname: string, page: AppPage | undefined): string {
  if (page !== undefined) return page.title;
  const segment = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return segment
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
