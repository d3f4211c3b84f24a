import { BROKER_MESSAGES, type BrokerAccount } from '@fnodesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { LoadingButton } from '../../../components/loading-button';

/** Zerodha's TOTP prompt (accounts §5): an empty TOTP is refused with 'You need to enter TOTP!'. */
export function TotpPromptModal(props: {
  account: BrokerAccount | null;
  busy: boolean;
  onSubmit: (totp: string) => void;
  onClose: () => void;
}) {
  const { account, busy, onSubmit, onClose } = props;
  const titleId = useId();
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (totp.trim() === '') {
      setError(BROKER_MESSAGES.totpRequired);
      return;
    }
    onSubmit(totp.trim());
  };
  const close = () => {
    setTotp('');
    setError(null);
    onClose();
  };
  return (
    <Modal show={account !== null} onHide={close} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" className="h5" id={titleId}>
            Zerodha TOTP{account === null ? '' : ` – ${account.userName}`}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="zerodha-totp">
            <Form.Label>TOTP from your authenticator app</Form.Label>
            <Form.Control
              value={totp}
              onChange={(event) => {
                setTotp(event.target.value.replace(/\s+/g, ''));
                setError(null);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              autoFocus
              isInvalid={error !== null}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <LoadingButton type="submit" loading={busy}>
            Login
          </LoadingButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/**
 * The authentication modal of Shoonya, XTS and Kotak Neo (accounts §2): a TOTP field when the account collects one, a
 * password field when it collects one; Save stays disabled while both are empty.
 */
export function AuthenticationModal(props: {
  account: BrokerAccount | null;
  busy: boolean;
  onSave: (credentials: { pwd: string; totp: string }) => void;
  onClose: () => void;
}) {
  const { account, busy, onSave, onClose } = props;
  const titleId = useId();
  const [totp, setTotp] = useState('');
  const [pwd, setPwd] = useState('');
  const close = () => {
    setTotp('');
    setPwd('');
    onClose();
  };
  const empty = totp.trim() === '' && pwd === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    onSave({ pwd, totp: totp.trim() });
  };
  return (
    <Modal show={account !== null} onHide={close} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" className="h5" id={titleId}>
            Authentication{account === null ? '' : ` – ${account.userName}`}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {account?.collectTOTPForLogin === true && (
            <Form.Group controlId="broker-auth-totp" className="mb-3">
              <Form.Label>TOTP</Form.Label>
              <Form.Control
                value={totp}
                onChange={(event) => setTotp(event.target.value.replace(/\s+/g, ''))}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                autoFocus
              />
            </Form.Group>
          )}
          {account?.collectPasswordForLogin === true && (
            <Form.Group controlId="broker-auth-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                value={pwd}
                onChange={(event) => setPwd(event.target.value)}
                autoComplete="current-password"
                autoFocus={account.collectTOTPForLogin !== true}
              />
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <LoadingButton type="submit" disabled={empty} loading={busy}>
            Save
          </LoadingButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** 'Do you want to delete the account?' with Delete and Don't Delete (accounts §2). */
export function DeleteBrokerDialog(props: {
  account: BrokerAccount | null;
  busy: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { account, busy, onDelete, onClose } = props;
  const titleId = useId();
  return (
    <Modal show={account !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id={titleId}>
          Delete Broker Account
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">Do you want to delete the account?</p>
        {account !== null && (
          <p className="text-body-secondary small mb-0 mt-2">
            {account.name} ({account.userName})
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          Don&apos;t Delete
        </Button>
        <LoadingButton variant="danger" onClick={onDelete} loading={busy}>
          Delete
        </LoadingButton>
      </Modal.Footer>
    </Modal>
  );
}

/** What the password opens: the secret and TOTP seed to show, or the access token to copy. */
export type RevealPurpose = 'secrets' | 'token';

const REVEAL_TEXT: Record<RevealPurpose, { why: string; submit: string }> = {
  secrets: { why: 'Enter your account password to reveal the secret and TOTP seed.', submit: 'Reveal' },
  token: { why: 'Enter your account password to copy the API token.', submit: 'Copy' },
};

/**
 * Asks for the user's password again before the API secret, TOTP seed or access token is given in full, and for a
 * code from the authenticator app too once the server says two-factor sign-in is on (`askCode`).
 */
export function RevealSecretsModal(props: {
  show: boolean;
  purpose: RevealPurpose;
  busy: boolean;
  error: string | null;
  askCode?: boolean;
  onReveal: (password: string, code: string | undefined) => void;
  onClose: () => void;
}) {
  const { show, purpose, busy, error, onReveal, onClose } = props;
  const text = REVEAL_TEXT[purpose];
  const askCode = props.askCode === true;
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const ready = password !== '' && (!askCode || code.trim().length >= 6);
  const close = () => {
    setPassword('');
    setCode('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onReveal(password, askCode ? code.trim() : undefined);
  };
  return (
    // The password is not kept once the prompt has closed, whether cancelled or done.
    <Modal show={show} onHide={close} onExited={() => setPassword('')} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" className="h5" id={titleId}>
            Confirm your password
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{text.why}</p>
          <Form.Group controlId="reveal-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
            />
          </Form.Group>
          {askCode && (
            <Form.Group controlId="reveal-code" className="mt-3">
              <Form.Label>Authentication code</Form.Label>
              <Form.Control
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
              />
              <Form.Text>The 6-digit code from your authenticator app, or a recovery code.</Form.Text>
            </Form.Group>
          )}
          {error !== null && (
            <Alert variant="danger" className="mt-3 mb-0 py-2 small" role="alert">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <LoadingButton type="submit" disabled={!ready} loading={busy}>
            {text.submit}
          </LoadingButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
