import { PackageListSchema, type Package, type ProductType } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/package-list`: a product's plans with their server-computed prices. */
export async function getPackageList(product: ProductType, signal?: AbortSignal): Promise<Package[]> {
  const query = product === 'qt' ? '?product_type=qt' : '';
  const data = await apiFetch(`/api/v1/package-list${query}`, { schema: PackageListSchema, signal });
  return data.packages;
}

/** Query options of a product's plans. */
export function packageListQueryOptions(product: ProductType) {
  return queryOptions({
    queryKey: ['billing', 'package-list', product],
    queryFn: ({ signal }) => getPackageList(product, signal),
    staleTime: 5 * 60_000,
  });
}

/** A product's plans. */
export function usePackageList(product: ProductType) {
  return useQuery(packageListQueryOptions(product));
}
