import { PaymentConfigSchema, type PaymentConfig } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/payment-config`: which checkout takes payments here, and the support contacts. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiFetch('/api/v1/payment-config', { schema: PaymentConfigSchema, signal });
}

/** Query options of the payment configuration (fixed for the server's lifetime). */
export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'payment-config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}

/** The payment configuration. */
export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
