import { PromoResultSchema, type PromoCodeRequest, type PromoResult } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/v1/promo-code`: checks a code for a plan; the code is sent lower-cased (spec §5). */
export function checkPromoCode(body: PromoCodeRequest): Promise<PromoResult> {
  return apiFetch('/api/v1/promo-code', {
    method: 'POST',
    body: { ...body, promoCode: body.promoCode.trim().toLowerCase() },
    schema: PromoResultSchema,
  });
}

/** The promo check as a mutation. */
export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
