import { Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { ACCOUNT_OPENING_LINKS } from '../utils/account-opening-links';

/** /authentication/new-broker-account: where to open a broker account, and the free month that comes with it. */
export function NewBrokerAccountScreen({ brokerLogin }: { brokerLogin: string }) {
  return (
    <section className="py-4 py-lg-5">
      <Container style={{ maxWidth: 880 }}>
        <Link to={brokerLogin} className="d-inline-block mb-3">
          ← Back to broker login
        </Link>
        <h1 className="h3 fw-bold mb-1">Open a broker account of your choice.</h1>
        <p className="lead mb-4">Get 1 month free subscription.</p>
        <Row xs={1} md={2} className="g-3">
          {ACCOUNT_OPENING_LINKS.map((link) => (
            <Col key={link.broker}>
              <Card className="h-100 shadow-sm">
                <Card.Body className="d-flex flex-column">
                  <h2 className="h5">{link.broker}</h2>
                  <p className="text-body-secondary small flex-grow-1">{link.note}</p>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-primary align-self-start"
                  >
                    Open a {link.broker} account
                  </a>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
