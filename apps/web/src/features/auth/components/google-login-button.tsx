import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { LoadingButton } from '../../../components/loading-button';
import { loadGoogleIdentity, requestGoogleAccessToken, type GoogleOAuth2 } from '../utils/google-identity';

/** Props of `GoogleLoginButton`. */
export interface GoogleLoginButtonProps {
  clientId: string;
  /** Called with Google's access token once the user has consented. */
  onToken: (gtoken: string) => void;
  /** True while the app is logging in with the token. */
  loading: boolean;
}

/** 'Login With Google': loads Google's library up front so the popup opens on click; hidden if it cannot load. */
export function GoogleLoginButton({ clientId, onToken, loading }: GoogleLoginButtonProps) {
  const [library, setLibrary] = useState<GoogleOAuth2 | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let mounted = true;
    loadGoogleIdentity().then(
      (loaded) => {
        if (mounted) setLibrary(loaded);
      },
      () => {
        if (mounted) setUnavailable(true);
      },
    );
    return () => {
      mounted = false;
    };
  }, []);

  if (unavailable) return null;

  const onClick = () => {
    if (library === null) return;
    setFailed(false);
    requestGoogleAccessToken(library, clientId).then(
      (token) => {
        if (token !== null) onToken(token);
      },
      () => setFailed(true),
    );
  };

  return (
    <>
      <LoadingButton
        type="button"
        variant="outline-secondary"
        className="w-100 d-inline-flex align-items-center justify-content-center gap-2"
        loading={library === null || loading}
        onClick={onClick}
      >
        <GoogleIcon />
        Login With Google
      </LoadingButton>
      {failed && (
        <Alert variant="danger" className="mt-3 mb-0 py-2 small" role="alert">
          Google sign-in did not complete. Please try again.
        </Alert>
      )}
    </>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M15.545 6.558a9.4 9.4 0 0 1 .139 1.626c0 2.434-.87 4.492-2.384 5.885h.002C11.978 15.292 10.158 16 8 16A8 8 0 1 1 8 0a7.7 7.7 0 0 1 5.352 2.082l-2.284 2.284A4.35 4.35 0 0 0 8 3.166c-2.087 0-3.86 1.408-4.492 3.304a4.8 4.8 0 0 0 0 3.063h.003c.635 1.893 2.405 3.301 4.492 3.301 1.078 0 2.004-.276 2.722-.764h-.003a3.7 3.7 0 0 0 1.599-2.431H8v-3.08z" />
    </svg>
  );
}
