import { LegacyPricingScreen } from '../../features/billing/components/legacy-pricing-screen';
import { PageTitle } from '../page-title';
import { BILLING_LINKS } from './billing-links';

/** /pricing: the legacy plan page. */
export function PricingRoute() {
  return (
    <>
      <PageTitle name="Pricing" />
      <LegacyPricingScreen links={BILLING_LINKS} />
    </>
  );
}
