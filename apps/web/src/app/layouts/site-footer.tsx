import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useBrandName, usePublicConfig } from '../../lib/public-config';
import { APP_VERSION, CHARTS_CREDIT, MISSION_STATEMENT, RISK_DISCLAIMER } from '../brand';
import { paths } from '../paths';
import { socialChannels } from './social-links';

const COLUMNS: readonly { heading: string; links: readonly { label: string; to: string }[] }[] = [
  {
    heading: 'Company',
    links: [
      { label: 'About Us', to: paths.aboutUs },
      { label: 'Contact Us', to: paths.contactUs },
    ],
  },
  {
    heading: 'Products',
    links: [
      { label: 'Discover Features', to: paths.discoverFeatures },
      { label: 'Discover Pricing', to: paths.discoverPricing },
      { label: 'QuikTrade Features', to: paths.quiktradeFeatures },
      { label: 'QuikTrade Pricing', to: paths.quiktradePricing },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms & Conditions', to: paths.termsCondition },
      { label: 'Privacy Policy', to: paths.privacyPolicy },
      { label: 'Refund Policy', to: paths.refundPolicy },
    ],
  },
];

/** The year as it is in India, for the copyright line. */
function currentYear(): number {
  return new Date(Date.now() + 330 * 60_000).getUTCFullYear();
}

/**
 * The public site's footer (spec §2): the mission and the charting credit, the site's links, the configured social
 * links, the F&O risk disclaimer, the copyright line and the version.
 */
export function SiteFooter() {
  const brand = useBrandName();
  const config = usePublicConfig();
  const socials = socialChannels(config.data?.channels);
  return (
    <footer className="public-footer site-footer border-top bg-body-tertiary pt-5 pb-4">
      <Container>
        <Row className="g-4">
          <Col lg={4}>
            <p className="fw-bold fs-5 mb-2">{brand}</p>
            <p className="text-body-secondary small mb-2">{MISSION_STATEMENT}</p>
            <p className="text-body-secondary small mb-3">
              Charts are powered by{' '}
              <a href={CHARTS_CREDIT.url} target="_blank" rel="noopener noreferrer">
                {CHARTS_CREDIT.name}
              </a>
              .
            </p>
            {socials.length > 0 && (
              <ul className="list-inline mb-0" aria-label="Follow us">
                {socials.map((channel) => (
                  <li key={channel.id} className="list-inline-item">
                    <a
                      className="social-link"
                      href={channel.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={channel.label}
                      title={channel.label}
                    >
                      {channel.glyph}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Col>
          {COLUMNS.map((column) => (
            <Col key={column.heading} xs={6} md={4} lg={true}>
              <h2 className="h6 fw-semibold text-uppercase small footer-heading">{column.heading}</h2>
              <ul className="list-unstyled small mb-0">
                {column.links.map((link) => (
                  <li key={link.to} className="mb-2">
                    <Link to={link.to} className="footer-link">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Col>
          ))}
        </Row>
        <hr className="my-4" />
        <p className="small text-body-secondary risk-disclaimer" role="note">
          <strong>Risk disclosure:</strong> {RISK_DISCLAIMER}
        </p>
        <div className="d-flex flex-column flex-sm-row justify-content-between gap-1 small text-body-secondary">
          <span>
            © {currentYear()} {brand}. All rights reserved.
          </span>
          <span>Version {APP_VERSION}</span>
        </div>
      </Container>
    </footer>
  );
}
