import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router';
import { getBrokerLoginUrl } from '../../features/brokers/api/broker-login';
import { useBrokers } from '../../features/brokers/api/get-brokers';
import { AuthenticationModal } from '../../features/brokers/components/broker-modals';
import { withLoginCredentials } from '../../features/brokers/utils/broker-display';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/**
 * /authentication-modal?id={brokerId} (spec §2.1): the Broker List's authentication modal (TOTP / password) as a
 * route of its own, for a broker whose login sends the user back here. Saving starts the account's login with the
 * credentials; closing goes to the Broker List.
 */
export function AuthenticationModalRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const brokers = useBrokers();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = params.get('id');
  const account = brokers.data?.find((candidate) => candidate.id === id) ?? null;
  const close = () => void navigate(paths.brokerAccounts);
  return (
    <>
      <PageTitle name="Broker Authentication" />
      {brokers.isPending && <p className="text-body-secondary">Loading…</p>}
      {!brokers.isPending && account === null && (
        <Alert variant="warning">
          No such broker account. <a href={paths.brokerAccounts}>Open the Broker List</a>
        </Alert>
      )}
      {error !== null && <Alert variant="danger">{error}</Alert>}
      <AuthenticationModal
        account={account}
        busy={busy}
        onClose={close}
        onSave={(credentials) => {
          if (account === null) return;
          setBusy(true);
          setError(null);
          getBrokerLoginUrl(account.id, credentials.totp).then(
            (url) => window.location.assign(withLoginCredentials(url, credentials)),
            (failure: unknown) => {
              setBusy(false);
              setError(failure instanceof Error ? failure.message : String(failure));
            },
          );
        }}
      />
    </>
  );
}
