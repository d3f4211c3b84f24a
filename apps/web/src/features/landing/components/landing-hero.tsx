import { systemClock, type Clock } from '@fnodesk/domain';
import { Button, Col, Container, Row } from 'react-bootstrap';
import { DEFAULT_BRAND_NAME } from '../../../lib/public-config';
import { scrollToSection } from '../utils/smooth-scroll';
import { LANDING_SECTION_IDS } from './landing-sections';
import { useRotatingWord } from '../hooks/use-rotating-word';
import { HERO_WORD_INTERVAL_MS, HERO_WORDS } from './hero-words';
import { MarketIllustration } from './market-illustration';

const SEGMENTS = ['Index & stock F&O', 'NSE and BSE', 'Live or delayed data', 'Paper trading included'];

function scrollToId(id: string) {
  const target = document.getElementById(id);
  if (target !== null) scrollToSection(target);
}

/**
 * The landing page's opening section: the rotating "Discover Opportunities and Trade …" headline, and buttons that
 * scroll (over 2 s) to the products and to the plan comparison.
 */
export function LandingHero({ clock = systemClock, brand = DEFAULT_BRAND_NAME }: { clock?: Clock; brand?: string }) {
  const word = useRotatingWord(HERO_WORDS, HERO_WORD_INTERVAL_MS, clock);
  return (
    <section className="landing-hero py-5">
      <Container className="py-lg-4">
        <Row className="align-items-center g-4 g-lg-5">
          <Col lg={6}>
            <p className="text-primary fw-semibold text-uppercase small mb-2 landing-eyebrow">
              Analysis and execution for Indian derivatives
            </p>
            <h1 className="display-5 fw-bold lh-sm mb-3">
              Discover Opportunities and Trade{' '}
              <span key={word} className="rotating-word d-block text-primary">
                {word}
              </span>
            </h1>
            <p className="lead text-body-secondary mb-4">
              {brand} puts option chains, open interest, straddles and orderflow side by side, and lets you act on what
              you see with one-click orders through your own broker accounts.
            </p>
            <div className="d-flex flex-wrap gap-2 mb-4">
              <Button variant="primary" onClick={() => scrollToId(LANDING_SECTION_IDS.products)}>
                Explore the products
              </Button>
              <Button variant="outline-secondary" onClick={() => scrollToId(LANDING_SECTION_IDS.plans)}>
                Compare plans
              </Button>
            </div>
            <ul className="list-inline mb-0">
              {SEGMENTS.map((segment) => (
                <li key={segment} className="list-inline-item mb-2">
                  <span className="badge rounded-pill bg-body-secondary text-body-emphasis border fw-medium landing-pill">
                    {segment}
                  </span>
                </li>
              ))}
            </ul>
          </Col>
          <Col lg={6}>
            <div className="card shadow-sm border-0 landing-chart-card">
              <div className="card-body p-4">
                <div className="d-flex justify-content-between align-items-baseline gap-3 mb-3">
                  <span className="fw-semibold text-nowrap">Price with open interest</span>
                  <span className="small text-body-secondary text-end">Illustration</span>
                </div>
                <MarketIllustration />
                <div className="d-flex gap-3 small text-body-secondary mt-2">
                  <span className="legend-item legend-call">Call OI</span>
                  <span className="legend-item legend-put">Put OI</span>
                </div>
              </div>
            </div>
          </Col>
        </Row>
      </Container>
    </section>
  );
}
