import { BRAND_NAME } from './brand';

/** Sets the document title to '{page name} - FNO Desk' (or just the brand) while the page is mounted. */
export function PageTitle({ name }: { name?: string }) {
  // React 19 hoists <title> into <head>; no DOM scripting needed.
  return <title>{name === undefined ? BRAND_NAME : `${name} - ${BRAND_NAME}`}</title>;
}
