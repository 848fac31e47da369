import type { SellerProduct, StockUpdateBody } from '@leafline/contract/seller-products';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';
import type { PagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * PATCH /api/products/{productId}/stock/ (owner; issue 26): the list's quick stock edit. The
 * saved product replaces its row at once wherever a cached page holds it (both views), then,
 * as after any change of the catalogue, the lists are read again (a product may join or leave
 * the Low stock view) and the shop's cached pages are dropped (they show sold out).
 */
export function useUpdateProductStock(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.updateProductStock,
    ({ productId, body }: { productId: number; body: StockUpdateBody }) => ({
      params: { productId },
      json: body,
    }),
    {
      onSuccess: ({ product }) => {
        queryClient.setQueriesData<PagedList<SellerProduct>>(
          { queryKey: SELLER_KEYS.products(businessId) },
          (list) =>
            list?.items.some((p) => p.id === product.id)
              ? { ...list, items: list.items.map((p) => (p.id === product.id ? product : p)) }
              : list,
        );
        return catalogueChanged(queryClient, businessId);
      },
    },
  );
}
