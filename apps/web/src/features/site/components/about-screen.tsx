import { Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useBrandName } from '../../../lib/public-config';

/** Where the about page links to. */
export interface AboutLinks {
  discoverFeatures: string;
  quiktradeFeatures: string;
  contact: string;
}

const FACTS: readonly { value: string; label: string }[] = [
  { value: '27', label: 'Discover analysis features' },
  { value: '50+', label: 'brokers supported for trading' },
  { value: '1 s', label: 'real-time updates with a broker login' },
  { value: '3 min', label: 'exchange open-interest updates' },
];

/** /about-us: who the product is for, what it does, where its data comes from, and what it is not. */
export function AboutScreen({ links }: { links: AboutLinks }) {
  const brand = useBrandName();
  return (
    <div className="about-screen">
      <section className="landing-hero py-5">
        <Container className="py-lg-4">
          <Row className="justify-content-center text-center">
            <Col lg={8}>
              <p className="text-primary fw-semibold text-uppercase small mb-2 landing-eyebrow">About Us</p>
              <h1 className="display-6 fw-bold mb-3">Built for traders of Indian futures &amp; options</h1>
              <p className="lead text-body-secondary mb-0">
                {brand} gives F&amp;O traders market insights and unconventional charts, and a fast way to act on them
                through their own broker accounts.
              </p>
            </Col>
          </Row>
        </Container>
      </section>
      <Container className="py-5">
        <Row className="g-4 mb-5 text-center" xs={2} md={4}>
          {FACTS.map((fact) => (
            <Col key={fact.label}>
              <p className="display-6 fw-bold text-primary mb-0">{fact.value}</p>
              <p className="small text-body-secondary mb-0">{fact.label}</p>
            </Col>
          ))}
        </Row>
        <Row className="g-5">
          <Col lg={6}>
            <h2 className="h4 fw-bold">Who we are</h2>
            <p>
              We are traders and engineers who wanted to see the derivatives market the way professionals do: the whole
              option chain at a glance, open interest building strike by strike, straddle premiums through the day, and
              the orderflow behind every candle. {brand} puts these views side by side for index and stock F&amp;O on
              NSE, with commodity and USDINR views for those who trade them.
            </p>
            <h2 className="h4 fw-bold mt-4">Where the data comes from</h2>
            <p>
              Market data comes from an exchange snapshot feed plus your broker&rsquo;s real-time feed. With a plan and
              a broker login the pages update every second; without a broker login they show delayed data. Exchange open
              interest arrives every 3 minutes.
            </p>
          </Col>
          <Col lg={6}>
            <Row xs={1} className="g-3">
              <Col>
                <Card className="h-100 product-card">
                  <Card.Body>
                    <Card.Title as="h2" className="h5 fw-bold">
                      Discover
                    </Card.Title>
                    <Card.Text className="text-body-secondary">
                      Analysis: option chain and option-chain charts, open interest, straddles and strangles, orderflow,
                      futures dashboards, sector and breadth, FII/DII statistics, trade finder and index watch.
                    </Card.Text>
                    <Link to={links.discoverFeatures}>Explore Discover features</Link>
                  </Card.Body>
                </Card>
              </Col>
              <Col>
                <Card className="h-100 product-card">
                  <Card.Body>
                    <Card.Title as="h2" className="h5 fw-bold">
                      QuikTrade
                    </Card.Title>
                    <Card.Text className="text-body-secondary">
                      Execution: one-click orders through your own broker accounts, several brokers at once, risk
                      settings and stop-losses, and paper trading to practise first.
                    </Card.Text>
                    <Link to={links.quiktradeFeatures}>Explore QuikTrade features</Link>
                  </Card.Body>
                </Card>
              </Col>
            </Row>
          </Col>
        </Row>
        <div className="mt-5 p-4 rounded-3 border bg-body-tertiary">
          <h2 className="h5 fw-bold">What we are not</h2>
          <p className="mb-2">
            {brand} gives no buy or sell recommendations and is not a registered investment advisor. Orders go to your
            broker on your instruction; we never hold your money or securities.
          </p>
          <p className="mb-0">
            Questions? <Link to={links.contact}>Contact us</Link>.
          </p>
        </div>
      </Container>
    </div>
  );
}
