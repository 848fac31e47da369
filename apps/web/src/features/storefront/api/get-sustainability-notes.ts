import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/sustainability/{businessId}/: the brand's notes, [] when it has none. */
export const sustainabilityNotesQueryOptions = (businessId: number) =>
  getQueryOptions(
    ['catalog', 'sustainability-notes', businessId],
    SHOP_ROUTES.sustainabilityNotes,
    {
      request: { params: { businessId } },
      staleTime: 5 * 60_000,
    },
  );

export function useSustainabilityNotes(businessId: number | null) {
  return useQuery({
    ...sustainabilityNotesQueryOptions(businessId ?? 0),
    enabled: businessId !== null,
  });
}
