import { TrialActivationSchema, type ProductType, type TrialActivation } from '@fnodesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/start-user-trial?product_type=`: activates the product's free trial. */
export function startUserTrial(product: ProductType): Promise<TrialActivation> {
  return apiFetch(`/api/v1/start-user-trial?product_type=${product}`, { schema: TrialActivationSchema });
}

/** The trial activation as a mutation. */
export function useStartUserTrial() {
  return useMutation({ mutationFn: startUserTrial });
}
