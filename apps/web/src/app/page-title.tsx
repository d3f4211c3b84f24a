import { useBrandName } from '../lib/public-config';

/** Sets the document title to '{page name} - {brand}' (or just the brand) while the page is mounted. */
export function PageTitle({ name }: { name?: string }) {
  const brand = useBrandName();
  // React 19 hoists <title> into <head>; no DOM scripting needed.
  return <title>{name === undefined ? brand : `${name} - ${brand}`}</title>;
}
