import { useIdleLoginCheck } from '../hooks/use-idle-login-check';

/** Renders nothing; mounted while a user is signed in, it notices an expired session on the next click or key press. */
export function IdleLoginCheck() {
  useIdleLoginCheck();
  return null;
}
