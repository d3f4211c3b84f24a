import { useState, type ReactNode } from 'react';
import { Badge, Card, Col, Container, Nav, Row } from 'react-bootstrap';
import { NavLink } from 'react-router';
import type { Catalogue } from '../data/catalogue-types';
import { screenshotOf } from '../utils/screenshots';
import { FeaturePreview } from './feature-preview';

/** The two catalogues' addresses, for the product switch. */
export interface CatalogueLinks {
  discover: string;
  quiktrade: string;
}

/**
 * A product's feature catalogue (spec §2): the product switch, the categories ('All' first), a card per feature
 * and the full-screen preview of the chosen one. `after` follows the cards (the plan comparison).
 */
export function FeatureCatalogueScreen({
  catalogue,
  links,
  intro,
  after,
}: {
  catalogue: Catalogue;
  links: CatalogueLinks;
  intro: string;
  after?: ReactNode;
}) {
  const [category, setCategory] = useState('All');
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = catalogue.features.filter((feature) => category === 'All' || feature.category === category);
  const openIndex = shown.findIndex((feature) => feature.id === openId);
  const open = openIndex === -1 ? null : (shown[openIndex] ?? null);
  const previous = openIndex > 0 ? shown[openIndex - 1] : undefined;
  const next = openIndex >= 0 ? shown[openIndex + 1] : undefined;

  return (
    <div className="feature-catalogue">
      <section className="landing-hero py-5">
        <Container className="text-center py-lg-3">
          <Nav variant="pills" className="justify-content-center mb-4 catalogue-switch" aria-label="Product">
            <Nav.Item>
              <Nav.Link as={NavLink} to={links.discover}>
                Discover
              </Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link as={NavLink} to={links.quiktrade}>
                QuikTrade
              </Nav.Link>
            </Nav.Item>
          </Nav>
          <h1 className="fw-bold mb-2">{catalogue.product} Features</h1>
          <p className="lead text-body-secondary mb-0 mx-auto catalogue-intro">{intro}</p>
        </Container>
      </section>
      <Container className="py-5">
        <div className="d-flex flex-wrap gap-2 justify-content-center mb-4" role="group" aria-label="Categories">
          {catalogue.categories.map((name) => (
            <button
              key={name}
              type="button"
              className={`btn btn-sm rounded-pill ${category === name ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
            >
              {name}
            </button>
          ))}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {shown.length} features shown
        </p>
        <Row xs={1} md={2} xl={3} className="g-4">
          {shown.map((feature) => {
            const screenshot = screenshotOf(feature.id);
            return (
              <Col key={feature.id}>
                <Card as="article" className="feature-card h-100 shadow-sm" aria-label={feature.name}>
                  {screenshot !== null && (
                    <Card.Img
                      variant="top"
                      src={screenshot.src}
                      width={screenshot.width}
                      height={screenshot.height}
                      loading="lazy"
                      alt={`Screenshot of ${feature.name}`}
                      className="feature-card-image"
                    />
                  )}
                  <Card.Body className="d-flex flex-column">
                    <Badge bg="primary-subtle" text="primary-emphasis" className="align-self-start mb-2">
                      {feature.category}
                    </Badge>
                    <Card.Title as="h2" className="h5 fw-semibold">
                      {feature.name}
                    </Card.Title>
                    <Card.Text className="text-body-secondary flex-grow-1">{feature.summary}</Card.Text>
                    <button
                      type="button"
                      className="btn btn-link p-0 align-self-start stretched-link"
                      onClick={() => setOpenId(feature.id)}
                      aria-label={`Preview ${feature.name}`}
                    >
                      View details
                    </button>
                  </Card.Body>
                </Card>
              </Col>
            );
          })}
        </Row>
        {after !== undefined && <div className="mt-5">{after}</div>}
      </Container>
      <FeaturePreview
        feature={open}
        onClose={() => setOpenId(null)}
        {...(previous === undefined ? {} : { onPrevious: () => setOpenId(previous.id) })}
        {...(next === undefined ? {} : { onNext: () => setOpenId(next.id) })}
      />
    </div>
  );
}
