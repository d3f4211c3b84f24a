import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { useUserSession } from '../../lib/use-session';
import { paths } from '../paths';

/** Shown to a subscriber without a broker login (spec signed-in §4.3). */
export const BROKER_LOGIN_WARNING = 'Login with your broker for real time prices';
/** Shown to a user without a Discover plan (spec signed-in §4.3). */
export const NO_PLAN_WARNING = 'You do not have a valid subscription plan.';

/**
 * The warning bar of the main layout (spec signed-in §2.5): without a Discover plan it says so and links to
 * pricing; with one but no broker logged in it asks for a broker login, linking to the broker accounts.
 */
export function WarningBar() {
  const session = useUserSession();
  const [dismissed, setDismissed] = useState(false);
  if (session === null || dismissed) return null;
  const warning = !session.activeSubscription
    ? { text: NO_PLAN_WARNING, link: 'Buy Plan', to: paths.discoverPricing }
    : !session.brokerLoggedIn
      ? { text: BROKER_LOGIN_WARNING, link: 'Login', to: paths.brokerAccounts }
      : null;
  if (warning === null) return null;
  return (
    <Alert
      variant="warning"
      dismissible
      onClose={() => setDismissed(true)}
      closeLabel="Close warning"
      className="warning-bar rounded-0 border-0 border-bottom mb-0 py-2 small no-print"
    >
      {warning.text}{' '}
      <Link to={warning.to} className="alert-link">
        {warning.link}
      </Link>
    </Alert>
  );
}
