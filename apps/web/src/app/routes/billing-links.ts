import { generatePath } from 'react-router';
import type { BillingLinks } from '../../features/billing/utils/billing-links';
import { paths } from '../paths';

/** Where the billing screens link and send users (spec §2, §4). */
export const BILLING_LINKS: BillingLinks = {
  login: paths.login,
  register: paths.register,
  discoverPricing: paths.discoverPricing,
  quiktradePricing: paths.quiktradePricing,
  legacyPricing: paths.pricing,
  payment: paths.payment,
  subscriptions: paths.subscriptions,
  brokerAccounts: paths.brokerAccounts,
  charts: paths.charts,
  optionChainCharts: paths.optionChainCharts,
  termsCondition: paths.termsCondition,
  refundPolicy: paths.refundPolicy,
  receipt: (paymentId) => generatePath(paths.receipt, { paymentId }),
};
