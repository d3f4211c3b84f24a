import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';

/** The landing page's about text, ending in a link to the About Us page. */
export function AboutSection({ brand, aboutPath }: { brand: string; aboutPath: string }) {
  return (
    <section className="about-section py-5" aria-labelledby="about-heading">
      <Container>
        <Row className="justify-content-center">
          <Col lg={8} className="text-center">
            <h2 id="about-heading" className="fw-bold mb-3">
              About {brand}
            </h2>
            <p className="text-body-secondary">
              {brand} exists to give F&amp;O traders market insights and unconventional charts. Discover lays the option
              chain, open interest, straddles, orderflow and institutional activity side by side; QuikTrade turns what
              you see into orders on your own broker accounts, with paper trading to practise first.
            </p>
            <p className="text-body-secondary">
              Data comes from an exchange snapshot feed plus your broker&rsquo;s real-time feed, updating every second
              once you log in with a broker. We give no buy or sell recommendations: the decisions stay yours.
            </p>
            <Link to={aboutPath} className="fw-semibold">
              More about us
            </Link>
          </Col>
        </Row>
      </Container>
    </section>
  );
}
