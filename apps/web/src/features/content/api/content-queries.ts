import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** Curated text that changes rarely: read without a token, kept half an hour. */
const curated = { request: { auth: false }, staleTime: 30 * 60_000 } as const;

/** GET /api/faq/: the questions grouped by topic, in page order (SPEC §2 Static pages). */
export const faqQueryOptions = () => getQueryOptions(['content', 'faq'], SHOP_ROUTES.faq, curated);
export const useFaq = () => useQuery(faqQueryOptions());

/** GET /api/partners/: the six partner organisations, in page order (SPEC §1). */
export const partnersQueryOptions = () =>
  getQueryOptions(['content', 'partners'], SHOP_ROUTES.partners, curated);
export const usePartners = () => useQuery(partnersQueryOptions());
