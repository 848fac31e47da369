import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/faq/: the questions grouped by topic, in page order (SPEC §2 Static pages). */
export const faqQueryOptions = () =>
  getQueryOptions(['content', 'faq'], SHOP_ROUTES.faq, {
    request: { auth: false },
    // Curated text that changes rarely.
    staleTime: 30 * 60_000,
  });

export function useFaq() {
  return useQuery(faqQueryOptions());
}
