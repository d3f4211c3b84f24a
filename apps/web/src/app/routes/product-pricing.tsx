import { PricingScreen } from '../../features/billing/components/pricing-screen';
import { PageTitle } from '../page-title';
import { BILLING_LINKS } from './billing-links';

/** /discover/pricing. */
export function DiscoverPricingRoute() {
  return (
    <>
      <PageTitle name="Discover Pricing" />
      <PricingScreen key="d" product="d" links={BILLING_LINKS} />
    </>
  );
}

/** /quiktrade/pricing. */
export function QuikTradePricingRoute() {
  return (
    <>
      <PageTitle name="QuikTrade Pricing" />
      <PricingScreen key="qt" product="qt" links={BILLING_LINKS} />
    </>
  );
}
