import type { TotpSetup } from '@fnodesk/contracts';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { useTwoFactorMutations } from '../api/two-factor';
import { UNEXPECTED_FAILURE_MESSAGE } from '../utils/auth-messages';
import { failureMessage } from '../utils/failure-message';
import { TWO_FACTOR_TEXT } from '../utils/two-factor-text';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TotpSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/** The QR code of an `otpauth://` URI as an SVG data URL (no canvas needed). */
function useQrCode(text: string | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (text === undefined) return undefined;
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return text === undefined ? undefined : url;
}

/** My Profile's two-factor sign-in: turning it on (password, QR code, a code, recovery codes) and off. */
export function TwoFactorCard({ enabled, hasPassword }: { enabled: boolean; hasPassword: boolean }) {
  const { setup, enable, disable } = useTwoFactorMutations();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const qr = useQrCode(step.kind === 'scan' ? step.setup.otpauthUrl : undefined);

  const go = (next: Step) => {
    setup.reset();
    enable.reset();
    disable.reset();
    setPassword('');
    setCode('');
    setStep(next);
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate(password, { onSuccess: (result) => go({ kind: 'scan', setup: result }) });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: (result) => {
        go({ kind: 'codes', codes: result.recoveryCodes });
        toast.success(TWO_FACTOR_TEXT.turnedOn);
      },
    });
  };
  const submitDisable = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          go({ kind: 'idle' });
          toast.success(TWO_FACTOR_TEXT.turnedOff);
        },
      },
    );
  };
  const failure = setup.error ?? enable.error ?? disable.error;

  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-4">
        <Card.Title as="h2" className="h5 fw-semibold mb-3">
          {TWO_FACTOR_TEXT.title}
        </Card.Title>
        {step.kind === 'codes' ? (
          <>
            <p>{TWO_FACTOR_TEXT.recovery}</p>
            <ul
              className="list-unstyled font-monospace row row-cols-2 row-cols-sm-5 g-2 mb-3"
              aria-label="Recovery codes"
            >
              {step.codes.map((c) => (
                <li key={c} className="col">
                  {c}
                </li>
              ))}
            </ul>
            <Button onClick={() => go({ kind: 'idle' })}>I have saved these codes</Button>
          </>
        ) : enabled ? (
          <>
            <p className="mb-3">{TWO_FACTOR_TEXT.on}</p>
            {step.kind === 'disable' ? (
              <Form noValidate onSubmit={submitDisable}>
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <TextField
                  label="Authentication code"
                  hint="The 6-digit code from your app, or a recovery code."
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <div className="d-flex gap-2">
                  <LoadingButton
                    type="submit"
                    variant="danger"
                    disabled={password === '' || code.trim().length < 6}
                    loading={disable.isPending}
                  >
                    Turn off
                  </LoadingButton>
                  <Button variant="outline-secondary" onClick={() => go({ kind: 'idle' })}>
                    Cancel
                  </Button>
                </div>
              </Form>
            ) : (
              <Button variant="outline-danger" onClick={() => go({ kind: 'disable' })}>
                Turn off two-factor sign-in
              </Button>
            )}
          </>
        ) : step.kind === 'scan' ? (
          <Form noValidate onSubmit={submitCode}>
            <p>{TWO_FACTOR_TEXT.scan}</p>
            {qr !== undefined && (
              <img src={qr} alt="QR code for your authenticator app" width={200} height={200} className="mb-2" />
            )}
            <p className="small text-body-secondary">
              Or enter this key by hand: <code className="text-break">{step.setup.secret}</code>
            </p>
            <TextField
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <div className="d-flex gap-2">
              <LoadingButton type="submit" disabled={!/^\d{6}$/.test(code.trim())} loading={enable.isPending}>
                Turn on
              </LoadingButton>
              <Button variant="outline-secondary" onClick={() => go({ kind: 'idle' })}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : step.kind === 'password' ? (
          <Form noValidate onSubmit={submitPassword}>
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              hint="Confirm your password to set up two-factor sign-in."
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div className="d-flex gap-2">
              <LoadingButton type="submit" disabled={password === ''} loading={setup.isPending}>
                Continue
              </LoadingButton>
              <Button variant="outline-secondary" onClick={() => go({ kind: 'idle' })}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <p className="mb-3">{TWO_FACTOR_TEXT.off}</p>
            {hasPassword ? (
              <Button onClick={() => go({ kind: 'password' })}>Turn on two-factor sign-in</Button>
            ) : (
              <p className="small text-body-secondary mb-0">
                Set a password first (with Forgot Password) to turn on two-factor sign-in.
              </p>
            )}
          </>
        )}
        {failure !== null && (
          <Alert variant="danger" className="mt-3 mb-0 py-2" role="alert">
            {failureMessage(failure, UNEXPECTED_FAILURE_MESSAGE)}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
