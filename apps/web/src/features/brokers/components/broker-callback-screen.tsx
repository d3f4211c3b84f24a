import { BROKER_MESSAGES, BrokerTypeSchema } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Container, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { isApiError } from '../../../lib/api-error';
import { completeBrokerLogin } from '../api/broker-login';
import { refreshBrokerState } from '../hooks/use-broker-state-refresh';

/** Props of `BrokerCallbackScreen`. */
export interface BrokerCallbackScreenProps {
  /** The broker type of the callback route (`/broker/callback/:type`). */
  type: string;
  /** Every query parameter the broker (or the app, for Paper Trading) sent back. */
  params: Readonly<Record<string, string>>;
  /** The Broker List, where a completed login goes and where the user goes back to. */
  brokerAccounts: string;
}

const unknownBroker = (type: string) => `Unknown broker '${type}'.`;

type Outcome = { state: 'working' } | { state: 'failed'; title: 'ERROR' | 'error'; message: string };

/**
 * /broker/callback/{type}: sends the parameters with the session to `POST brokers/callback`, then the §8 toast and
 * the Broker List; on a refusal the 'ERROR' alert with the server's words plus an error toast.
 */
export function BrokerCallbackScreen({ type, params, brokerAccounts }: BrokerCallbackScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const parsedType = BrokerTypeSchema.safeParse(type);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    parsedType.success ? { state: 'working' } : { state: 'failed', title: 'ERROR', message: unknownBroker(type) },
  );
  // The state parameter is single-use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const broker = BrokerTypeSchema.safeParse(type);
    if (!broker.success) {
      toast.error(unknownBroker(type));
      return;
    }
    completeBrokerLogin({ type: broker.data, params: { ...params } })
      .then(async (account) => {
        toast.success(BROKER_MESSAGES.loggedIn(account.userName));
        await refreshBrokerState(queryClient).catch(() => undefined);
        void navigate(brokerAccounts, { replace: true });
      })
      .catch((error: unknown) => {
        // Accounts §8: a refusal shows 'ERROR' with the server's text; no answer at all shows 'error'.
        const transport = isApiError(error, 'NETWORK');
        const message = isApiError(error) ? error.message : BROKER_MESSAGES.contactSupport;
        setOutcome({ state: 'failed', title: transport ? 'error' : 'ERROR', message });
        toast.error(message);
      });
  }, [type, params, brokerAccounts, navigate, queryClient]);

  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      {outcome.state === 'working' ? (
        <div className="text-center py-5" role="status" aria-live="polite">
          <Spinner animation="border" className="mb-3" aria-hidden="true" />
          <p className="mb-0">Completing your broker login…</p>
        </div>
      ) : (
        <Alert variant="danger">
          <Alert.Heading as="h1" className="h4">
            {outcome.title}
          </Alert.Heading>
          <p>{outcome.message}</p>
          <Link to={brokerAccounts} className="btn btn-outline-danger">
            Back to Broker List
          </Link>
        </Alert>
      )}
    </Container>
  );
}
