/** Ids of the landing sections the hero's buttons scroll to. */
export const LANDING_SECTION_IDS = { products: 'our-products', plans: 'compare-plans' } as const;
