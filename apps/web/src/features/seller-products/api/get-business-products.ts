import { useQuery } from '@tanstack/react-query';
import { sellerPageQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/products/{businessId}/?page= (owner; SPEC §7): newest first, a page. */
export const useBusinessProducts = (businessId: number, page: number) =>
  useQuery(sellerPageQuery('products', businessId, page));
