import { useQuery } from '@tanstack/react-query';
import { sellerPageQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/orders/{businessId}/?page= (owner; SPEC §7): newest first, a page. */
export const useBusinessOrders = (businessId: number, page: number) =>
  useQuery(sellerPageQuery('orders', businessId, page));
