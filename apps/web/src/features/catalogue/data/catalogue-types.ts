/** One feature of a product catalogue (spec §2 Feature catalogues). */
export interface CatalogueFeature {
  /** Kebab-case; also the screenshot's file name. */
  id: string;
  name: string;
  category: string;
  /** One sentence for the card. */
  summary: string;
  /** The numbered description lines of the full-screen preview. */
  lines: readonly string[];
  /** The app page that shows the feature, captured by `npm run screenshots` once that page exists. */
  page?: string;
}

/** A product's catalogue: its categories ('All' first) and features. */
export interface Catalogue {
  product: 'Discover' | 'QuikTrade';
  categories: readonly string[];
  features: readonly CatalogueFeature[];
}
