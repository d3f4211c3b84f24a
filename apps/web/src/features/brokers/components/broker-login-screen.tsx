import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Col,
  Collapse,
  Container,
  OverlayTrigger,
  Row,
  Spinner,
  Tooltip,
} from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { useTileLogin, type TileLoginLinks } from '../hooks/use-tile-login';
import { tilesForHost, type BrokerTile } from '../utils/broker-catalogue';
import { readLastClientId } from '../utils/last-client-id';
import { markFor, type BrokerMarkStyle } from '../utils/broker-marks';
import { BrokerMark } from './broker-mark';
import { BrokerSafetyFaq } from './broker-safety-faq';
import { ClientIdModal } from './client-id-modal';
import './brokers.css';

/** Where the broker-login page links and sends users. */
export interface BrokerLoginLinks extends TileLoginLinks {
  /** Where the close button goes: the last remembered page, else Quick Charts. */
  close: string;
  newBrokerAccount: string;
}

/** Props of `BrokerLoginScreen`. */
export interface BrokerLoginScreenProps {
  links: BrokerLoginLinks;
  /** The site's broker marks (name, letters, colour). */
  marks: readonly BrokerMarkStyle[];
  /** The page's host name, for the white-label rule. */
  hostname: string;
  /** Leaves the app for a broker's login page (the browser's navigation; replaced in tests). */
  goToUrl?: (url: string) => void;
}

function leave(url: string): void {
  window.location.assign(url);
}

/** /authentication/broker-login (accounts §2): the broker tiles, the client ID modal and the safety FAQ. */
export function BrokerLoginScreen({ links, marks, hostname, goToUrl = leave }: BrokerLoginScreenProps) {
  const navigate = useNavigate();
  const session = useSession();
  const tiles = tilesForHost(hostname);
  const [chosen, setChosen] = useState<BrokerTile | null>(null);
  const [faqOpen, setFaqOpen] = useState(false);
  const tileLogin = useTileLogin(links, goToUrl);

  const choose = (tile: BrokerTile) => {
    tileLogin.clearError();
    // Paper Trading needs no client ID: it is linked with the user's own ID (accounts §4).
    if (tile.type === 'papertrading') {
      if (session !== null) void tileLogin.run(tile, session.userID);
      return;
    }
    setChosen(tile);
  };

  return (
    <section className="broker-login-screen py-4 py-lg-5">
      <Container>
        <Row className="justify-content-center">
          <Col xl={10} xxl={9}>
            <Card className="shadow-sm">
              <Card.Header className="d-flex align-items-center justify-content-between bg-body py-3">
                <h1 className="h4 fw-bold mb-0">Login With Your Broker Account</h1>
                <CloseButton aria-label="Close" onClick={() => void navigate(links.close)} />
              </Card.Header>
              <Card.Body className="p-4">
                {chosen === null && tileLogin.error !== null && (
                  <Alert variant="danger" role="alert">
                    {tileLogin.error}
                  </Alert>
                )}
                <ul className="broker-tiles list-unstyled row row-cols-2 row-cols-sm-3 row-cols-md-4 g-3 mb-4">
                  {tiles.map((tile) => (
                    <li key={tile.id} className="col">
                      <TileButton
                        tile={tile}
                        mark={markFor(tile, marks)}
                        busy={tileLogin.busy && chosen === null && tile.type === 'papertrading'}
                        disabled={tileLogin.busy}
                        onClick={() => choose(tile)}
                      />
                    </li>
                  ))}
                </ul>
                <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
                  <Button
                    variant="link"
                    className="p-0"
                    aria-expanded={faqOpen}
                    aria-controls="broker-safety-faq"
                    onClick={() => setFaqOpen((open) => !open)}
                  >
                    Is it safe to login with my broker
                  </Button>
                  <Link to={links.newBrokerAccount}>
                    Don&apos;t have a broker account? Click here to open one today!
                  </Link>
                </div>
                <Collapse in={faqOpen}>
                  <div id="broker-safety-faq">
                    <BrokerSafetyFaq />
                  </div>
                </Collapse>
              </Card.Body>
            </Card>
          </Col>
        </Row>
      </Container>
      <ClientIdModal
        tile={chosen}
        initialClientId={chosen === null ? '' : readLastClientId(chosen.id)}
        busy={tileLogin.busy}
        error={chosen === null ? null : tileLogin.error}
        onSubmit={(clientId) => {
          if (chosen !== null) void tileLogin.run(chosen, clientId);
        }}
        onClose={() => {
          setChosen(null);
          tileLogin.clearError();
        }}
      />
    </section>
  );
}

function TileButton(props: {
  tile: BrokerTile;
  mark: BrokerMarkStyle;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { tile, mark, busy, disabled, onClick } = props;
  const button = (
    <button
      type="button"
      className="broker-tile btn btn-outline-secondary w-100 h-100 d-flex flex-column align-items-center gap-2 py-3"
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy}
    >
      {busy ? <Spinner animation="border" role="status" aria-label="Linking" /> : <BrokerMark mark={mark} />}
      <span className="fw-semibold text-body">{tile.label}</span>
    </button>
  );
  if (tile.tooltip === undefined) return button;
  return (
    <OverlayTrigger placement="top" overlay={<Tooltip id={`tile-tooltip-${tile.id}`}>{tile.tooltip}</Tooltip>}>
      {button}
    </OverlayTrigger>
  );
}
