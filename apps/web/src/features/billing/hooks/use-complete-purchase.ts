import type { CheckoutSuccess } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterActivation } from '../api/get-subscriptions';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useConfirmSubscription } from '../api/confirm-subscription';
import { getLoginStatus } from '../api/get-login-status';
import { billingErrorMessage } from '../utils/error-message';
import { clearSelectedPlan } from '../utils/selected-plan';
import { applyEntitlements, applyLoginStatus } from '../utils/session-entitlements';
import { ACTIVATION_REDIRECT_MS } from './use-start-trial';

/**
 * The end of a purchase (spec §4 Purchase, step 4): the server checks the checkout's signature; on success the
 * remembered plan is cleared, the activation message shows, the login status is refreshed, and after 1 s the user
 * goes to `destination`.
 */
export function useCompletePurchase(destination: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmSubscription();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const complete = useCallback(
    (checkout: CheckoutSuccess, promoCode: string | null) => {
      confirm.mutate(
        { checkout, promoCode },
        {
          onSuccess: (activation) => {
            clearSelectedPlan();
            applyEntitlements(activation.entitlements);
            toast.success(activation.message);
            void invalidateAfterActivation(queryClient);
            // The activation's own entitlements are already stored; a failed refresh leaves them for the next check.
            getLoginStatus().then(applyLoginStatus, () => undefined);
            timer.current = window.setTimeout(() => void navigate(destination), ACTIVATION_REDIRECT_MS);
          },
          onError: (error) => {
            toast.error(billingErrorMessage(error));
          },
        },
      );
    },
    [confirm, navigate, destination, queryClient],
  );

  return { complete, isPending: confirm.isPending, isDone: confirm.isSuccess };
}
