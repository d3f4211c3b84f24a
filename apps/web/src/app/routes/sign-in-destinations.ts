import type { SignInDestinations } from '../../features/auth/utils/post-login-destination';
import { paths, upcomingPaths } from '../paths';

/** Where spec §4 sends a user after login or an automatic login after registration. */
export const SIGN_IN_DESTINATIONS: SignInDestinations = {
  pricing: paths.discoverPricing,
  brokerAccounts: upcomingPaths.brokerAccounts,
  charts: paths.charts,
};
