import { systemClock, type Clock } from '@fnodesk/domain';
import { useEffect } from 'react';
import { checkLogin } from '../api/check-login';

/** At most one login check per this interval, however fast the user clicks or types (spec signed-in §4.1). */
export const LOGIN_CHECK_INTERVAL_MS = 1000;

// An expired session answers 403, on which the API client clears it and opens the login page.

/** While mounted, checks the session on the user's clicks and key presses, at most once per second. */
export function useIdleLoginCheck(clock: Clock = systemClock): void {
  useEffect(() => {
    let lastCheckAt = Number.NEGATIVE_INFINITY;
    let checking = false;
    const onActivity = () => {
      const now = clock.now();
      if (checking || now - lastCheckAt < LOGIN_CHECK_INTERVAL_MS) return;
      lastCheckAt = now;
      checking = true;
      checkLogin()
        // Anything but 403 (offline, a busy server) is not a verdict on the session: the next interaction asks
        // again, and going offline is already announced by the connectivity toast.
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    };
    // Capture phase: a handler that stops propagation must not hide the user's activity from the check.
    document.addEventListener('click', onActivity, true);
    document.addEventListener('keydown', onActivity, true);
    return () => {
      document.removeEventListener('click', onActivity, true);
      document.removeEventListener('keydown', onActivity, true);
    };
  }, [clock]);
}
