import { ReceiptSchema, type Receipt } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/payment-receipts/:id`: a payment's receipt with the GST breakup. */
export function getReceipt(paymentId: string, signal?: AbortSignal): Promise<Receipt> {
  return apiFetch(`/api/v1/payment-receipts/${encodeURIComponent(paymentId)}`, { schema: ReceiptSchema, signal });
}

/** Query options of one receipt. */
export function receiptQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: ['billing', 'receipt', paymentId],
    queryFn: ({ signal }) => getReceipt(paymentId, signal),
    retry: false,
  });
}

/** One receipt. */
export function useReceipt(paymentId: string) {
  return useQuery(receiptQueryOptions(paymentId));
}
