// Google Identity Services' token model: the button asks Google for an OAuth access token in a popup and the server
// verifies that token. The library is only loaded when the deployment has a Google client id.

const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const GOOGLE_SCOPES = 'openid email profile';

interface GoogleTokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface GoogleTokenClientError {
  type: string;
  message?: string;
}

interface GoogleTokenClient {
  requestAccessToken(): void;
}

/** The part of `google.accounts.oauth2` this app uses. */
export interface GoogleOAuth2 {
  initTokenClient(config: {
    client_id: string;
    scope: string;
    callback: (response: GoogleTokenResponse) => void;
    error_callback?: (error: GoogleTokenClientError) => void;
  }): GoogleTokenClient;
}

type WindowWithGoogle = Window & { google?: { accounts?: { oauth2?: GoogleOAuth2 } } };

let loading: Promise<GoogleOAuth2> | null = null;

function loadedLibrary(): GoogleOAuth2 | undefined {
  return (window as WindowWithGoogle).google?.accounts?.oauth2;
}

/** Loads Google Identity Services once (later calls share the same promise); rejects when the script cannot load. */
export function loadGoogleIdentity(): Promise<GoogleOAuth2> {
  const ready = loadedLibrary();
  if (ready !== undefined) return Promise.resolve(ready);
  loading ??= new Promise<GoogleOAuth2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const library = loadedLibrary();
      if (library === undefined) reject(new Error('Google sign-in did not initialise'));
      else resolve(library);
    };
    script.onerror = () => {
      // Let a later attempt (e.g. after the connection returns) try again.
      loading = null;
      script.remove();
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens Google's consent popup (call it straight from a click); resolves with the access token, or null if closed. */
export function requestGoogleAccessToken(library: GoogleOAuth2, clientId: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const client = library.initTokenClient({
      client_id: clientId,
      scope: GOOGLE_SCOPES,
      callback: (response) => {
        if (response.access_token !== undefined && response.access_token.length > 0) resolve(response.access_token);
        else reject(new Error(response.error_description ?? response.error ?? 'Google sign-in failed'));
      },
      error_callback: (error) => {
        if (error.type === 'popup_closed') resolve(null);
        else reject(new Error(error.message ?? 'Google sign-in failed'));
      },
    });
    client.requestAccessToken();
  });
}
