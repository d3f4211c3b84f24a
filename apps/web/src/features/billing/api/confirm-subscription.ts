import { SubscriptionActivationSchema, type CheckoutSuccess, type SubscriptionActivation } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/subscription-status`: hands the checkout's payment id, order id and signature to the server. */
export function confirmSubscription(
  checkout: CheckoutSuccess,
  promoCode: string | null,
): Promise<SubscriptionActivation> {
  return apiFetch('/api/v1/subscription-status', {
    method: 'POST',
    body: { ...checkout, ...(promoCode ? { promoCode: promoCode.toUpperCase() } : {}) },
    schema: SubscriptionActivationSchema,
  });
}

/** The confirmation as a mutation. */
export function useConfirmSubscription() {
  return useMutation({
    mutationFn: ({ checkout, promoCode }: { checkout: CheckoutSuccess; promoCode: string | null }) =>
      confirmSubscription(checkout, promoCode),
  });
}
