import type { QueryClient } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { clearShopProducts } from '@/lib/shop-cache';

/**
 * After a product of the business was added, edited or deleted: the seller's list and the
 * overview's figures are read again, and what this browser kept of the shop (the saved search
 * page, product pages, storefronts) is dropped, so the seller sees the change in the shop.
 */
export async function catalogueChanged(queryClient: QueryClient, businessId: number) {
  clearShopProducts();
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== SELLER_KEYS.all[0],
    refetchType: 'none',
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SELLER_KEYS.products(businessId) }),
    queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) }),
  ]);
}
