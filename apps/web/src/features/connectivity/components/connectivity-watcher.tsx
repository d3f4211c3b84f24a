import { useConnectivityToasts } from '../hooks/use-connectivity-toasts';

/** Renders nothing; mount once near the root so offline/online changes are announced with a toast. */
export function ConnectivityWatcher() {
  useConnectivityToasts();
  return null;
}
