import type { SupportChannels } from '@fnodesk/contracts';
import type { ReactNode } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useBrandName, usePublicConfig } from '../../../lib/public-config';
import { termsSummary } from './terms-content';

interface ContactTile {
  id: string;
  title: string;
  text: string;
  href: string;
  value: string;
  external: boolean;
  icon: ReactNode;
}

function TileIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

const ICONS = {
  email:
    'M1 3.5A1.5 1.5 0 0 1 2.5 2h11A1.5 1.5 0 0 1 15 3.5v9a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 12.5zm1.6-.5L8 7.4 13.4 3zM14 4.1 8.3 8.7a.5.5 0 0 1-.6 0L2 4.1v8.4a.5.5 0 0 0 .5.5h11a.5.5 0 0 0 .5-.5z',
  chat: 'M2 2.5A1.5 1.5 0 0 1 3.5 1h9A1.5 1.5 0 0 1 14 2.5v7a1.5 1.5 0 0 1-1.5 1.5H6.2L3 14v-3h.5A1.5 1.5 0 0 1 2 9.5zM5 5v1h6V5zm0 2.5v1h4v-1z',
  community:
    'M5.5 7a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5m5.5 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4M1 13a4.5 4.5 0 0 1 9 0v1H1zm10-.5V14h4v-1a3.5 3.5 0 0 0-5.2-3.05A5.5 5.5 0 0 1 11 12.5',
  video:
    'M1 4.5A1.5 1.5 0 0 1 2.5 3h8A1.5 1.5 0 0 1 12 4.5v1.3l3-1.8v8l-3-1.8v1.3a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 1 11.5z',
  blog: 'M2 2.5A1.5 1.5 0 0 1 3.5 1h9A1.5 1.5 0 0 1 14 2.5v11a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5zM4 4v1h8V4zm0 3v1h8V7zm0 3v1h5v-1z',
  phone:
    'M3.6 1.2a1 1 0 0 1 1.4.1l1.9 2.4a1 1 0 0 1 0 1.3l-.9 1.1a9.5 9.5 0 0 0 3.9 3.9l1.1-.9a1 1 0 0 1 1.3 0l2.4 1.9a1 1 0 0 1 .1 1.4l-1 1.3c-.6.7-1.6 1-2.5.6A15.5 15.5 0 0 1 1.8 5.7c-.4-.9-.1-1.9.6-2.5z',
  twitter:
    'M12.6.75h2.45L9.7 6.87 16 15.25h-4.93L7.2 10.18l-4.42 5.07H.32l5.72-6.55L0 .75h5.06l3.5 4.63zm-.86 13.03h1.36L4.32 2.15H2.86z',
} as const;

/** The contact tiles for the configured channels, in the spec's order; unconfigured channels are left out. */
function contactTiles(channels: SupportChannels, brand: string): ContactTile[] {
  const tiles: (ContactTile | null)[] = [
    {
      id: 'email',
      title: 'Support e-mail',
      text: 'Questions about your account, plans or payments.',
      href: `mailto:${channels.email}`,
      value: channels.email,
      external: false,
      icon: <TileIcon d={ICONS.email} />,
    },
    channels.whatsappUrl === null
      ? null
      : {
          id: 'whatsapp',
          title: 'WhatsApp chat',
          text: 'Chat with support during market hours.',
          href: channels.whatsappUrl,
          value: 'Start a chat',
          external: true,
          icon: <TileIcon d={ICONS.chat} />,
        },
    channels.telegramUrl === null
      ? null
      : {
          id: 'telegram',
          title: 'Telegram community',
          text: `Traders using ${brand} share setups and questions.`,
          href: channels.telegramUrl,
          value: 'Join the community',
          external: true,
          icon: <TileIcon d={ICONS.community} />,
        },
    channels.youtubeUrl === null
      ? null
      : {
          id: 'youtube',
          title: 'YouTube videos',
          text: 'Walk-throughs of every page and feature.',
          href: channels.youtubeUrl,
          value: 'Watch the videos',
          external: true,
          icon: <TileIcon d={ICONS.video} />,
        },
    channels.blogUrl === null
      ? null
      : {
          id: 'blog',
          title: 'Blog',
          text: 'Articles on options, open interest and trading with data.',
          href: channels.blogUrl,
          value: 'Read the blog',
          external: true,
          icon: <TileIcon d={ICONS.blog} />,
        },
    channels.phone === ''
      ? null
      : {
          id: 'phone',
          title: 'Phone',
          text: 'Call us on trading days.',
          href: `tel:${channels.phone.replace(/[^\d+]/g, '')}`,
          value: channels.phone,
          external: false,
          icon: <TileIcon d={ICONS.phone} />,
        },
    channels.twitterUrl === null
      ? null
      : {
          id: 'twitter',
          title: 'Twitter',
          text: 'Product news and market notes.',
          href: channels.twitterUrl,
          value: 'Follow us',
          external: true,
          icon: <TileIcon d={ICONS.twitter} />,
        },
  ];
  return tiles.filter((tile): tile is ContactTile => tile !== null);
}

/**
 * /contact-us (spec §2): a tile per configured support channel, then the plan comparison (passed in), then the
 * terms in short and the disclaimer.
 */
export function ContactScreen({ comparison, termsPath }: { comparison: ReactNode; termsPath: string }) {
  const brand = useBrandName();
  const config = usePublicConfig();
  const tiles = config.data === undefined ? [] : contactTiles(config.data.channels, brand);
  return (
    <Container className="contact-screen py-5">
      <h1 className="fw-bold text-center mb-2">Contact Us</h1>
      <p className="text-center text-body-secondary mb-5">We are happy to help. Reach us the way that suits you.</p>
      <Row xs={1} sm={2} lg={3} className="g-4 mb-5" aria-busy={config.isPending}>
        {tiles.map((tile) => (
          <Col key={tile.id}>
            <Card className="contact-tile h-100" data-channel={tile.id}>
              <Card.Body className="d-flex gap-3">
                <div className="feature-icon">{tile.icon}</div>
                <div className="min-w-0">
                  <Card.Title as="h2" className="h6 fw-semibold mb-1">
                    {tile.title}
                  </Card.Title>
                  <Card.Text className="small text-body-secondary mb-2">{tile.text}</Card.Text>
                  <a
                    href={tile.href}
                    className="stretched-link text-break"
                    {...(tile.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {tile.value}
                  </a>
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <section className="mb-5" aria-labelledby="comparison-heading">
        {/* The comparison table's caption shows the same words; the heading gives the page its outline. */}
        <h2 id="comparison-heading" className="visually-hidden">
          Comparison of features across plans
        </h2>
        {comparison}
      </section>
      <Row className="g-4">
        <Col lg={6}>
          <section aria-labelledby="terms-heading" className="h-100 p-4 rounded-3 border bg-body-tertiary">
            <h2 id="terms-heading" className="h5 fw-bold">
              Terms
            </h2>
            <ul className="small mb-2">
              {termsSummary(brand).map((term) => (
                <li key={term} className="mb-1">
                  {term}
                </li>
              ))}
            </ul>
            <Link to={termsPath} className="small">
              Read the full terms and conditions
            </Link>
          </section>
        </Col>
        <Col lg={6}>
          <section aria-labelledby="disclaimer-heading" className="h-100 p-4 rounded-3 border bg-body-tertiary">
            <h2 id="disclaimer-heading" className="h5 fw-bold">
              Disclaimer
            </h2>
            <p className="small">
              {brand} is an analysis and order-placement tool. It gives no buy or sell recommendations and is not a
              registered investment advisor or research analyst. Broker names are shown for information only.
            </p>
            <p className="small mb-0">
              Trading in futures and options carries a high risk of loss: 9 out of 10 individual traders in the equity
              F&amp;O segment incurred net losses. Past data and patterns do not guarantee future results; please trade
              only with money you can afford to lose.
            </p>
          </section>
        </Col>
      </Row>
    </Container>
  );
}
