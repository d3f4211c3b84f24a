import { DemoRequestReceiptSchema, type DemoRequest, type DemoRequestReceipt } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/demo-request`: stores who wants a demo; resolves with the request's receipt. */
export function requestDemo(request: DemoRequest): Promise<DemoRequestReceipt> {
  return apiFetch('/api/v1/demo-request', { method: 'POST', body: request, schema: DemoRequestReceiptSchema });
}

/** The demo request as a mutation. */
export function useRequestDemo() {
  return useMutation({ mutationFn: requestDemo });
}
