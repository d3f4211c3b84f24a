import type { ProductType } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterActivation } from '../api/get-subscriptions';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useStartUserTrial } from '../api/start-user-trial';
import { billingErrorMessage } from '../utils/error-message';
import { applyEntitlements } from '../utils/session-entitlements';

/** Delay between an activation and its message and redirect (spec §9: 1 s). */
export const ACTIVATION_REDIRECT_MS = 1000;

/**
 * Starting a free trial: the flags change at once (spec §4), and after 1 s the message shows and the user goes on
 * to `destination`. A refusal (trial already used) shows the server's message, which is the spec's.
 */
export function useStartTrial() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const trial = useStartUserTrial();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = useCallback(
    (product: ProductType, options: { destination: string; message?: string }) => {
      trial.mutate(product, {
        onSuccess: (activation) => {
          applyEntitlements(activation.entitlements);
          void invalidateAfterActivation(queryClient);
          timer.current = window.setTimeout(() => {
            toast.success(options.message ?? activation.message);
            void navigate(options.destination);
          }, ACTIVATION_REDIRECT_MS);
        },
        onError: (error) => {
          toast.error(billingErrorMessage(error));
        },
      });
    },
    [trial, navigate, queryClient],
  );

  return { start, isPending: trial.isPending || trial.isSuccess, variables: trial.variables };
}
