import type { Package } from '@fnodesk/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useInitiateSubscription } from '../api/initiate-subscription';
import { billingErrorMessage } from '../utils/error-message';
import { rememberSelectedPlan } from '../utils/selected-plan';
import { useSessionEntitlements } from './use-session-entitlements';

/**
 * Choosing a plan to buy (spec §4 Purchase): signed out, the plan is remembered and the 'Please login' popup asks
 * the user to log in; signed in, an order is created and the user goes to the payment page with the plan and promo.
 */
export function useChoosePlan(paymentPath: string) {
  const navigate = useNavigate();
  const { signedIn } = useSessionEntitlements();
  const initiate = useInitiateSubscription();
  const [loginPrompt, setLoginPrompt] = useState(false);

  const choose = useCallback(
    (pkg: Package, promoCode: string | null = null) => {
      const plan = { packageId: pkg.id, planName: pkg.planName, productType: pkg.product, promoCode };
      rememberSelectedPlan(plan);
      if (!signedIn) {
        setLoginPrompt(true);
        return;
      }
      initiate.mutate(
        { packageId: pkg.id, productType: pkg.product, promoCode: promoCode ?? undefined },
        {
          onSuccess: () => void navigate(paymentPath),
          onError: (error) => {
            toast.error(billingErrorMessage(error));
          },
        },
      );
    },
    [signedIn, initiate, navigate, paymentPath],
  );

  return {
    choose,
    /** The package being ordered right now, if any. */
    pendingPackageId: initiate.isPending ? initiate.variables.packageId : null,
    loginPrompt,
    closeLoginPrompt: () => setLoginPrompt(false),
  };
}
