import { useState, type ReactNode } from 'react';
import { Button, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { DemoRequestModal } from './demo-request-modal';
import { BarsIcon, ChainIcon, LightningIcon, PulseIcon } from './landing-icons';

interface Highlight {
  icon: ReactNode;
  title: string;
  text: string;
}

const HIGHLIGHTS: readonly Highlight[] = [
  {
    icon: <ChainIcon />,
    title: 'See the whole chain',
    text: 'Option chains with IV, greeks, PCR and max pain, and charts of every strike through the session.',
  },
  {
    icon: <BarsIcon />,
    title: 'Follow the money',
    text: 'Open interest change by strike and time window, FII/DII statistics and participant-wise positions.',
  },
  {
    icon: <PulseIcon />,
    title: 'Read the tape',
    text: 'Orderflow charts that split volume by aggressor, with straddle and futures dashboards alongside.',
  },
  {
    icon: <LightningIcon />,
    title: 'Act in one click',
    text: 'Place, modify and exit orders on your own broker accounts, or practise first with paper trading.',
  },
];

/**
 * The second landing section: what the platform does for an F&O trader, in four highlights, with 'Start Trial'
 * (the login page) and 'Register for demo' (the configured demo form, or the site's own).
 */
export function TradingHero({ startTrialPath, demoFormUrl }: { startTrialPath: string; demoFormUrl: string | null }) {
  const [showDemo, setShowDemo] = useState(false);
  return (
    <section className="trading-hero py-5 bg-body-tertiary border-top border-bottom">
      <Container className="py-lg-3">
        <Row className="justify-content-center text-center mb-4">
          <Col lg={8}>
            <h2 className="fw-bold mb-3">Supercharge your Futures &amp; Options Trading</h2>
            <p className="text-body-secondary mb-4">
              Unconventional charts built for derivatives traders, refreshed as the market moves, and an execution layer
              that works with the broker you already use.
            </p>
            <div className="d-flex flex-wrap justify-content-center gap-2">
              <Link to={startTrialPath} className="btn btn-primary btn-lg px-4">
                Start Trial
              </Link>
              <Button variant="outline-primary" size="lg" className="px-4" onClick={() => setShowDemo(true)}>
                Register for demo
              </Button>
            </div>
          </Col>
        </Row>
        <Row xs={1} md={2} xl={4} className="g-4">
          {HIGHLIGHTS.map((highlight) => (
            <Col key={highlight.title}>
              <div className="h-100 p-4 bg-body rounded-3 border">
                <div className="feature-icon mb-3">{highlight.icon}</div>
                <h3 className="h6 fw-semibold mb-2">{highlight.title}</h3>
                <p className="small text-body-secondary mb-0">{highlight.text}</p>
              </div>
            </Col>
          ))}
        </Row>
      </Container>
      <DemoRequestModal show={showDemo} onHide={() => setShowDemo(false)} formUrl={demoFormUrl} />
    </section>
  );
}
