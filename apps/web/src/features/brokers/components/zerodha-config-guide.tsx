import { Alert, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useBrokers } from '../api/get-brokers';
import { CopyButton } from './copy-button';

/** Where the guide links. */
export interface ZerodhaGuideLinks {
  brokerLogin: string;
  brokerAccounts: string;
}

function UrlLine({ label, url, copyable }: { label: string; url: string; copyable: boolean }) {
  return (
    <p className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <span className="text-body-secondary">{label}:</span>
      <code className="broker-secret">{url}</code>
      {copyable && <CopyButton text={url} label={label} />}
    </p>
  );
}

/**
 * /zerodha-config: how to create a Kite Connect app and connect it here — the redirect and postback URLs of the
 * user's own Zerodha accounts (with Copy buttons), or their pattern before an account exists.
 */
export function ZerodhaConfigGuide({ links, origin }: { links: ZerodhaGuideLinks; origin: string }) {
  const brokers = useBrokers();
  const zerodha = (brokers.data ?? []).filter((account) => account.type === 'zerodha');
  const callbackPattern = `${origin}/broker/callback/zerodha`;
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 880 }}>
      <Card.Body className="p-4">
        <h1 className="h4 mb-1">Zerodha Configuration</h1>
        <p className="text-body-secondary mb-4">
          Zerodha accounts log in through a Kite Connect app of your own. Setting one up takes about ten minutes.
        </p>
        <ol className="broker-guide-steps ps-3 mb-4">
          <li>
            <strong>Sign up at Kite Connect.</strong> Open{' '}
            <a href="https://developers.kite.trade" target="_blank" rel="noopener noreferrer">
              developers.kite.trade
            </a>
            , sign up with your e-mail and log in. Kite Connect is Zerodha&apos;s official trading API; Zerodha charges
            for it separately from your trading account, and you buy its credits in the developer console.
          </li>
          <li>
            <strong>Create an app.</strong> Choose <em>Create new app</em>, type <em>Connect</em>. Give it any name,
            enter your Zerodha client ID, and fill in the two URLs below.
          </li>
          <li>
            <strong>Redirect URL.</strong> Kite sends your browser back here after you log in:
            <UrlLine label="Redirect URL" url={callbackPattern} copyable />
          </li>
          <li>
            <strong>Postback URL.</strong> Kite reports your order updates to an address of your own account:
            {brokers.isPending ? (
              <div className="py-2" role="status">
                <Spinner animation="border" size="sm" aria-label="Loading your Zerodha accounts" />
              </div>
            ) : zerodha.length === 0 ? (
              <>
                <UrlLine label="Postback URL" url={`${origin}/api/v1/postback/zerodha/<account id>`} copyable={false} />
                <p className="small text-body-secondary mb-0">
                  Add your Zerodha account first (step 5): its exact postback URL then appears here and in its details
                  on the Broker List. You can edit the app&apos;s postback URL at any time.
                </p>
              </>
            ) : (
              zerodha.map((account) => (
                <div key={account.id} className="mt-2">
                  <p className="fw-semibold mb-1">
                    {account.name} ({account.userName})
                  </p>
                  <UrlLine label="Redirect URL" url={account.callbackUrl ?? callbackPattern} copyable />
                  {account.postbackUrl !== null && <UrlLine label="Postback URL" url={account.postbackUrl} copyable />}
                </div>
              ))
            )}
          </li>
          <li>
            <strong>Enter the API key and secret here.</strong> The app&apos;s page shows its <em>API key</em> and{' '}
            <em>API secret</em>. On the <Link to={links.brokerLogin}>broker login page</Link> choose Zerodha, enter your
            client ID, then paste the key and secret into the setup form. The secret is stored encrypted and never shown
            again without your password.
          </li>
          <li>
            <strong>TOTP (optional).</strong> Kite asks for a TOTP at every login. If you switch auto-login on, either
            enter the TOTP secret (the text key behind the QR code shown when you enabled two-factor authentication on
            Kite) in the setup form, or type the 6-digit TOTP when the Broker List asks for it.
          </li>
          <li>
            <strong>Log in.</strong> On the <Link to={links.brokerAccounts}>Broker List</Link> press the login button:
            Kite&apos;s login page opens, and after it you come back here logged in. Zerodha ends every session at 06:00
            IST, so log in again each trading day.
          </li>
        </ol>
        <Alert variant="secondary" className="small mb-0">
          Never share your API secret or TOTP secret with anyone. You can revoke the app in the Kite Connect console at
          any time.
        </Alert>
      </Card.Body>
    </Card>
  );
}
