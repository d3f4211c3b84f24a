import type { ReactNode } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { CheckIcon, DiscoverIcon, LightningIcon } from './landing-icons';
import { LANDING_SECTION_IDS } from './landing-sections';

interface Product {
  id: 'discover' | 'quiktrade';
  name: string;
  tagline: string;
  icon: ReactNode;
  description: string;
  capabilities: readonly string[];
}

const PRODUCTS: readonly Product[] = [
  {
    id: 'discover',
    name: 'Discover',
    tagline: 'Market analysis',
    icon: <DiscoverIcon />,
    description: 'Analysis pages for index and stock derivatives, from the option chain to market breadth.',
    capabilities: [
      'Option chain and option-chain charts',
      'Open interest and straddle analytics',
      'Orderflow charts',
      'Futures dashboards',
      'FII/DII statistics and market breadth',
    ],
  },
  {
    id: 'quiktrade',
    name: 'QuikTrade',
    tagline: 'One-click execution',
    icon: <LightningIcon />,
    description: 'Order execution through your own broker accounts, without leaving the charts.',
    capabilities: [
      'One-click orders through your own broker accounts',
      'Baskets of orders and margin calculation',
      'Risk settings per account',
      'Paper trading to practise without risking capital',
    ],
  },
];

/** The "Our Products" section: one card each for Discover and QuikTrade, linking to their feature catalogues. */
export function ProductsSection({ featureLinks }: { featureLinks: { discover: string; quiktrade: string } }) {
  return (
    <section
      id={LANDING_SECTION_IDS.products}
      className="products-section py-5 landing-anchor"
      aria-labelledby="our-products-heading"
    >
      <Container className="py-lg-3">
        <h2 id="our-products-heading" className="fw-bold text-center mb-4">
          Our Products
        </h2>
        <Row xs={1} md={2} className="g-4 justify-content-center">
          {PRODUCTS.map((product) => (
            <Col key={product.name} lg={5}>
              <Card className="h-100 shadow-sm product-card">
                <Card.Body className="p-4">
                  <div className="d-flex align-items-center gap-3 mb-3">
                    <div className="feature-icon">{product.icon}</div>
                    <div>
                      <Card.Title as="h3" className="h4 fw-bold mb-0">
                        {product.name}
                      </Card.Title>
                      <div className="small text-body-secondary">{product.tagline}</div>
                    </div>
                  </div>
                  <Card.Text className="text-body-secondary">{product.description}</Card.Text>
                  <ul className="list-unstyled mb-0">
                    {product.capabilities.map((capability) => (
                      <li key={capability} className="d-flex align-items-start gap-2 mb-2">
                        <span className="text-success flex-shrink-0 product-check">
                          <CheckIcon />
                        </span>
                        <span>{capability}</span>
                      </li>
                    ))}
                  </ul>
                  <Link to={featureLinks[product.id]} className="btn btn-outline-primary mt-3 stretched-link">
                    Explore {product.name} features
                  </Link>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
