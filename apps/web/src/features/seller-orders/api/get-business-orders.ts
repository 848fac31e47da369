import type { SellerOrder } from '@leafline/contract/seller-orders';
import { useQuery } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerPageQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/orders/{businessId}/?page= (owner; SPEC §7): newest first, a page. */
export const useBusinessOrders = (businessId: number, page: number) =>
  useQuery(
    sellerPageQuery<SellerOrder>(
      SELLER_KEYS.orders(businessId),
      `/api/business/orders/${businessId}/`,
      page,
    ),
  );
