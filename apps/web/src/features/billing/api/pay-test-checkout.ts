import { CheckoutSuccessSchema, type CheckoutSuccess, type TestCheckoutRequest } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/test-checkout/pay`: the built-in test checkout's card payment. */
export function payTestCheckout(body: TestCheckoutRequest): Promise<CheckoutSuccess> {
  return apiFetch('/api/v1/test-checkout/pay', { method: 'POST', body, schema: CheckoutSuccessSchema });
}

/** The test card payment as a mutation. */
export function usePayTestCheckout() {
  return useMutation({ mutationFn: payTestCheckout });
}
