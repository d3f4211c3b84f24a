import type { SignInDestinations } from '../../features/auth/utils/post-login-destination';
import { paths } from '../paths';

/** Where spec §4 sends a user after login or an automatic login after registration. */
export const SIGN_IN_DESTINATIONS: SignInDestinations = {
  pricing: paths.discoverPricing,
  brokerAccounts: paths.brokerAccounts,
  charts: paths.charts,
};
