import { GoogleRegistrationSchema, type GoogleRegistration } from '@fnodesk/contracts';

/** Router state the login screen hands the registration screen when a Google user has no account yet. */
export interface GoogleRegistrationState {
  google: GoogleRegistration;
}

/** The Google registration data in router state, or null when the visitor did not come from Google login. */
export function readGoogleRegistration(state: unknown): GoogleRegistration | null {
  if (typeof state !== 'object' || state === null || !('google' in state)) return null;
  const parsed = GoogleRegistrationSchema.safeParse(state.google);
  return parsed.success ? parsed.data : null;
}
