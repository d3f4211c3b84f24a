import { useEffect } from 'react';
import { toast } from 'react-toastify/unstyled';

/** Toast shown when the browser goes offline (spec §8). */
export const OFFLINE_MESSAGE = 'No internet Connection. Please refresh page!';
/** Toast shown when the connection comes back (spec §8). */
export const ONLINE_MESSAGE = 'Your internet connection has been restored';

const OFFLINE_TOAST_ID = 'connectivity-offline';
const ONLINE_TOAST_ID = 'connectivity-online';

/** Toasts when the browser loses or regains its network connection, for as long as the caller is mounted. */
export function useConnectivityToasts(): void {
  useEffect(() => {
    const onOffline = () => {
      toast.dismiss(ONLINE_TOAST_ID);
      toast.error(OFFLINE_MESSAGE, { toastId: OFFLINE_TOAST_ID });
    };
    const onOnline = () => {
      toast.dismiss(OFFLINE_TOAST_ID);
      toast.success(ONLINE_MESSAGE, { toastId: ONLINE_TOAST_ID });
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
