import { Container } from 'react-bootstrap';
import { Link, Navigate, useLocation } from 'react-router';
import { PlanComparisonTable } from '../../components/plan-comparison-table';
import { DISCOVER_PLAN_COMPARISON } from '../../components/plan-comparisons';
import { AboutSection } from '../../features/landing/components/about-section';
import { BrokerCarousel } from '../../features/landing/components/broker-carousel';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { LANDING_SECTION_IDS } from '../../features/landing/components/landing-sections';
import { ProductsSection } from '../../features/landing/components/products-section';
import { ScreenshotSlideshow } from '../../features/landing/components/screenshot-slideshow';
import { TestimonialsSection } from '../../features/landing/components/testimonials-section';
import { TradingHero } from '../../features/landing/components/trading-hero';
import { useBrandName, usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/use-session';
import { signedInHomeRedirect } from '../navigation/app-home';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

const FEATURE_LINKS = { discover: paths.discoverFeatures, quiktrade: paths.quiktradeFeatures };

/** The landing page's sections (spec §2 Landing), in order. */
function Landing() {
  const brand = useBrandName();
  const demoFormUrl = usePublicConfig().data?.demoFormUrl ?? null;
  return (
    <>
      <PageTitle />
      <LandingHero brand={brand} />
      <TradingHero startTrialPath={paths.login} demoFormUrl={demoFormUrl} />
      <ProductsSection featureLinks={FEATURE_LINKS} />
      <BrokerCarousel />
      <TestimonialsSection />
      <section
        id={LANDING_SECTION_IDS.plans}
        className="plans-section py-5 bg-body-tertiary border-top border-bottom landing-anchor"
        aria-labelledby="compare-plans-heading"
      >
        <Container>
          <h2 id="compare-plans-heading" className="fw-bold text-center mb-4">
            Compare Discover plans
          </h2>
          <PlanComparisonTable comparison={DISCOVER_PLAN_COMPARISON} />
          <p className="text-center small text-body-secondary mt-3 mb-0">
            Prices exclude 18% GST. See <Link to={paths.discoverPricing}>Discover pricing</Link> for today&rsquo;s
            prices.
          </p>
        </Container>
      </section>
      <AboutSection brand={brand} aboutPath={paths.aboutUs} />
      <ScreenshotSlideshow tryPath={paths.login} />
    </>
  );
}

/** / and /landing: the public home page; / takes a signed-in user to the charts once that page exists. */
export function HomeRoute() {
  const signedIn = useSession() !== null;
  const { pathname } = useLocation();
  const redirect = signedInHomeRedirect();
  if (signedIn && redirect !== null && pathname === paths.home) return <Navigate replace to={redirect} />;
  return <Landing />;
}
