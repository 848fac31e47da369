import type {
  CuratedProductList,
  CuratedProductsResponse as CuratedProducts,
  ProductSummary,
} from '@leafline/contract/catalog';
import { SUGGESTION_TIMEOUT_MS } from '@leafline/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ProductCardData } from '../lib/product-summary';

/** GET /api/curated/{key}/: a hand-picked list (Newly Added, Current Favorites, People also love). */
export function getCuratedProducts(
  key: CuratedProductList,
  signal?: AbortSignal,
): Promise<CuratedProducts> {
  return apiFetch<CuratedProducts>(`/api/curated/${key}/`, {
    auth: false,
    signal,
    timeoutMs: SUGGESTION_TIMEOUT_MS,
  });
}

/** A list item as card props; list items carry their business's name. */
export function curatedToCard(product: ProductSummary): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    primaryImage: product.primary_image,
    businessId: product.business,
    businessName: product.business_name,
    condition: product.condition,
  };
}

export const curatedProductsQueryOptions = (key: CuratedProductList) =>
  queryOptions({
    queryKey: ['curated', key] as const,
    queryFn: ({ signal }) => getCuratedProducts(key, signal),
    // Hand-picked lists change weekly at most.
    staleTime: 10 * 60_000,
  });

export function useCuratedProducts(key: CuratedProductList, enabled = true) {
  return useQuery({ ...curatedProductsQueryOptions(key), enabled });
}
