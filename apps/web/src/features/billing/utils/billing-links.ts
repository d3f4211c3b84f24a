/** Where the billing screens link and send users; the app passes its registered paths. */
export interface BillingLinks {
  login: string;
  register: string;
  discoverPricing: string;
  quiktradePricing: string;
  legacyPricing: string;
  payment: string;
  subscriptions: string;
  /** Where a purchase leads (spec §4: broker accounts). */
  brokerAccounts: string;
  /** Where a trial started on the current pricing pages leads (spec §4). */
  charts: string;
  /** Where a trial started on the legacy page leads (spec §4). */
  optionChainCharts: string;
  termsCondition: string;
  refundPolicy: string;
  /** A payment's receipt page. */
  receipt: (paymentId: string) => string;
}
