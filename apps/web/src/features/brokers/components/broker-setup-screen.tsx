import { XTS_SUB_TYPES, type AddBrokerRequest } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Card, Form } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { LoadingButton } from '../../../components/loading-button';
import { addBroker } from '../api/add-broker';
import { invalidateBrokers } from '../api/get-brokers';
import { addBrokerFailure } from '../utils/add-broker-outcome';
import { setupTile, type BrokerTile } from '../utils/broker-catalogue';
import { CopyButton } from './copy-button';

/** Where the setup screen links and sends users. */
export interface BrokerSetupLinks {
  brokerAccounts: string;
  brokerLogin: string;
  zerodhaConfig: string;
  login: string;
}

/** Props of `BrokerSetupScreen`: the query of /broker-setup (userName, subtype and type, accounts §4). */
export interface BrokerSetupScreenProps {
  type: string | null;
  subType: string | null;
  userName: string | null;
  links: BrokerSetupLinks;
  /** The app's origin, for the callback URL to enter in the broker's app. */
  origin: string;
}

/** Brokers whose API app can log in unattended with a stored TOTP seed. */
const TOTP_SEED_TYPES: ReadonlySet<string> = new Set(['zerodha', 'shoonya', 'flattrade', 'kotakneo', 'xts']);

/** The words each broker uses for its app's key and secret. */
function credentialLabels(tile: BrokerTile): { key: string; secret: string } {
  switch (tile.type) {
    case 'xts':
      return { key: 'App Key', secret: 'Secret Key' };
    case 'kotakneo':
      return { key: 'Consumer Key', secret: 'Consumer Secret' };
    case 'shoonya':
    case 'flattrade':
      return { key: 'API Key', secret: 'Vendor Code / API Secret' };
    default:
      return { key: 'API Key', secret: 'API Secret' };
  }
}

/**
 * /broker-setup: the account details of a broker that logs in through the user's own API app (accounts §4, types 0,
 * 3, 7, 9, 10, 11, 13, 14) — name, client ID, API key and secret, TOTP seed where the broker allows auto-login — and
 * for Zerodha the URLs to enter in the Kite Connect app.
 */
export function BrokerSetupScreen({ type, subType, userName, links, origin }: BrokerSetupScreenProps) {
  const tile = setupTile(type, subType);
  if (tile === undefined) {
    return (
      <Alert variant="warning">
        <p>This page sets up a broker account chosen on the broker login page.</p>
        <Link to={links.brokerLogin} className="btn btn-primary">
          Choose a broker
        </Link>
      </Alert>
    );
  }
  return <SetupForm tile={tile} initialUserName={userName ?? ''} links={links} origin={origin} />;
}

function SetupForm(props: { tile: BrokerTile; initialUserName: string; links: BrokerSetupLinks; origin: string }) {
  const { tile, initialUserName, links, origin } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingId = useId();
  const labels = credentialLabels(tile);
  const withTotp = TOTP_SEED_TYPES.has(tile.type);
  const [name, setName] = useState(tile.label);
  const [userName, setUserName] = useState(initialUserName.toUpperCase());
  const [apiKey, setApiKey] = useState('');
  const [secret, setSecret] = useState('');
  const [totpSecret, setTotpSecret] = useState('');
  const [autoLogin, setAutoLogin] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const incomplete = name.trim() === '' || userName.trim() === '' || apiKey.trim() === '' || secret.trim() === '';
  const callbackUrl = `${origin}/broker/callback/${tile.type}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (incomplete || busy) return;
    const subType = XTS_SUB_TYPES.find((candidate) => candidate === tile.subType);
    const request: AddBrokerRequest = {
      name: name.trim(),
      type: tile.type,
      ...(subType === undefined ? {} : { subType }),
      autoLogin,
      loginType: tile.type === 'upstox' ? 'apikey' : 'partner',
      configuration: {
        userName: userName.trim(),
        apiKey: apiKey.trim(),
        secret: secret.trim(),
        ...(withTotp && totpSecret.trim() !== '' ? { totpSecret: totpSecret.trim() } : {}),
      },
    };
    setBusy(true);
    setError(null);
    addBroker(request)
      .then(async (added) => {
        toast.success(`Broker Account – ${request.configuration.userName} added successfully`);
        await invalidateBrokers(queryClient);
        void navigate(links.brokerAccounts, { state: added.id === undefined ? null : { expand: added.id } });
      })
      .catch((failure: unknown) => {
        const outcome = addBrokerFailure(failure);
        if (outcome.kind === 'broker-accounts') void navigate(links.brokerAccounts);
        else if (outcome.kind === 'login') void navigate(links.login);
        else setError(outcome.text);
      })
      .finally(() => setBusy(false));
  };

  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 720 }}>
      <Card.Body className="p-4">
        <h1 className="h4 mb-1" id={headingId}>
          {tile.label} account setup
        </h1>
        <p className="text-body-secondary mb-4">
          Enter the details of the API app you created with {tile.label}. They are stored encrypted and used only to log
          this account in.
        </p>
        {tile.type === 'zerodha' && (
          <Alert variant="info" className="small">
            <p className="mb-2">
              In your Kite Connect app (developers.kite.trade), set the <strong>Redirect URL</strong> to:
            </p>
            <p className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <code className="broker-secret">{callbackUrl}</code>
              <CopyButton text={callbackUrl} label="redirect URL" />
            </p>
            <p className="mb-2">
              and the <strong>Postback URL</strong> to{' '}
              <code className="broker-secret">{`${origin}/api/v1/postback/zerodha/<account id>`}</code>: the exact
              address, with a Copy button, is in this account&apos;s details on the Broker List once it is saved.
            </p>
            <Link to={links.zerodhaConfig}>Step-by-step guide to the Kite Connect app</Link>
          </Alert>
        )}
        {tile.type === 'icici' && (
          <Alert variant="info" className="small mb-4">
            The redirect URL to enter in your ICICI Breeze app is shown, with a Copy button, in this account&apos;s
            details on the Broker List once it is saved.
          </Alert>
        )}
        <Form noValidate onSubmit={submit} aria-labelledby={headingId}>
          <Form.Group className="mb-3" controlId="setup-name">
            <Form.Label>Account name</Form.Label>
            <Form.Control value={name} maxLength={64} onChange={(event) => setName(event.target.value)} required />
          </Form.Group>
          <Form.Group className="mb-3" controlId="setup-user-name">
            <Form.Label>Client ID</Form.Label>
            <Form.Control
              value={userName}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setUserName(event.target.value.toUpperCase())}
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="setup-api-key">
            <Form.Label>{labels.key}</Form.Label>
            <Form.Control
              value={apiKey}
              maxLength={256}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setApiKey(event.target.value)}
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="setup-secret">
            <Form.Label>{labels.secret}</Form.Label>
            <Form.Control
              type="password"
              value={secret}
              maxLength={256}
              autoComplete="new-password"
              onChange={(event) => setSecret(event.target.value)}
              required
            />
          </Form.Group>
          {withTotp && (
            <Form.Group className="mb-3" controlId="setup-totp-secret">
              <Form.Label>TOTP secret (optional)</Form.Label>
              <Form.Control
                type="password"
                value={totpSecret}
                maxLength={256}
                autoComplete="new-password"
                onChange={(event) => setTotpSecret(event.target.value)}
              />
              <Form.Text>
                The key shown when you set up two-factor authentication (the text behind the QR code). With it and
                auto-login on, you are not asked for a TOTP at each login.
              </Form.Text>
            </Form.Group>
          )}
          <Form.Check
            className="mb-4"
            type="switch"
            id="setup-auto-login"
            label="Auto login"
            checked={autoLogin}
            onChange={(event) => setAutoLogin(event.target.checked)}
          />
          {error !== null && (
            <Alert variant="danger" className="py-2 small" role="alert">
              {error}
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2">
            <LoadingButton type="submit" disabled={incomplete} loading={busy}>
              Save
            </LoadingButton>
            <Link to={links.brokerLogin} className="btn btn-outline-secondary">
              Cancel
            </Link>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
