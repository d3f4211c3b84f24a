/**
 * Every path the router registers, by name. Link and navigate through these names, never through string literals,
 * so a renamed route breaks the build instead of a link.
 */
export const paths = {
  home: '/',
  landing: '/landing',
  login: '/authentication/login',
  register: '/authentication/register',
  forgotPassword: '/authentication/forgot-password',
  resetPassword: '/authentication/reset-password',
  confirmMail: '/authentication/confirm-mail',
  logout: '/authentication/logout',
  profile: '/profile',
  pricing: '/pricing',
  discoverPricing: '/discover/pricing',
  quiktradePricing: '/quiktrade/pricing',
  payment: '/payment',
  subscriptions: '/subscriptions',
  receipt: '/subscriptions/receipts/:paymentId',
  refer: '/refer',
  notFound: '/errors/404',
  serverError: '/errors/500',
} as const;

/** The name of a registered path. */
export type PathName = keyof typeof paths;

/**
 * Screens the spec names that built screens already link to or send users to, but whose routes are not registered
 * yet: until they are, a visit ends at /errors/404. A path moves to `paths` when its route is registered.
 */
export const upcomingPaths = {
  brokerAccounts: '/trading/broker-accounts',
  charts: '/pages/charts',
  optionChainCharts: '/pages/option-chain-charts',
  termsCondition: '/terms-condition',
  privacyPolicy: '/privacy-policy',
  refundPolicy: '/refund-policy',
} as const;
