import { useId, useState, type FormEvent } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { LoadingButton } from '../../../components/loading-button';
import type { BrokerTile } from '../utils/broker-catalogue';

/** Props of `ClientIdModal`. */
export interface ClientIdModalProps {
  /** The tile chosen; null hides the modal. */
  tile: BrokerTile | null;
  /** The client ID to start with (the last one used with this broker). */
  initialClientId: string;
  /** Runs the login with the upper-cased client ID. */
  onSubmit: (clientId: string) => void;
  onClose: () => void;
  busy: boolean;
  /** An error to show in red under the field. */
  error: string | null;
}

/**
 * '{Broker} User Authentication' (accounts §2, §5): the broker client ID, upper-cased as typed; Login is disabled
 * while the field is empty and Enter submits.
 */
export function ClientIdModal({ tile, initialClientId, onSubmit, onClose, busy, error }: ClientIdModalProps) {
  const titleId = useId();
  const hintId = useId();
  return (
    <Modal show={tile !== null} onHide={onClose} centered aria-labelledby={titleId}>
      {tile !== null && (
        <ClientIdForm
          key={tile.id}
          tile={tile}
          titleId={titleId}
          hintId={hintId}
          initialClientId={initialClientId}
          onSubmit={onSubmit}
          busy={busy}
          error={error}
        />
      )}
    </Modal>
  );
}

function ClientIdForm(
  props: Omit<ClientIdModalProps, 'tile' | 'onClose'> & { tile: BrokerTile; titleId: string; hintId: string },
) {
  const { tile, titleId, hintId, initialClientId, onSubmit, busy, error } = props;
  const [clientId, setClientId] = useState(initialClientId.toUpperCase());
  const empty = clientId.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || busy) return;
    onSubmit(clientId.trim());
  };
  return (
    <Form noValidate onSubmit={submit}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {tile.label} User Authentication
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group controlId={`client-id-${tile.id}`}>
          <Form.Label>{tile.label} Client ID / User ID</Form.Label>
          <Form.Control
            value={clientId}
            onChange={(event) => setClientId(event.target.value.toUpperCase())}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            placeholder="Enter your client ID"
            aria-describedby={tile.clientIdHint === undefined ? undefined : hintId}
            isInvalid={error !== null}
          />
          {tile.clientIdHint !== undefined && (
            <Form.Text id={hintId} className="d-block">
              {tile.clientIdHint}
            </Form.Text>
          )}
        </Form.Group>
        {error !== null && (
          <Alert variant="danger" className="mt-3 mb-0 py-2 small" role="alert">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <LoadingButton type="submit" variant="primary" disabled={empty} loading={busy}>
          Login
        </LoadingButton>
      </Modal.Footer>
    </Form>
  );
}
