import { LandingHero } from '../../features/landing/components/landing-hero';
import { ProductsSection } from '../../features/landing/components/products-section';
import { TradingHero } from '../../features/landing/components/trading-hero';
import { PageTitle } from '../page-title';

/** / and /landing: the public home page. */
export function HomeRoute() {
  return (
    <>
      <PageTitle />
      <LandingHero />
      <TradingHero />
      <ProductsSection />
    </>
  );
}
