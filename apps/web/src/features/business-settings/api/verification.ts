import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/business/verification/{businessId}/ (owner; issue 29, point 10). */
export const verificationQuery = (businessId: number) =>
  queryOptions({
    queryKey: SELLER_KEYS.verification(businessId),
    queryFn: ({ signal }) =>
      apiCall(SELLER_ROUTES.verification, { params: { businessId }, signal }),
  });

export const useVerification = (businessId: number) => useQuery(verificationQuery(businessId));

/** POST /api/business/verification/{businessId}/ (owner, multipart): the notes sent. */
export function useRequestVerification(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.requestVerification,
    (formData: FormData) => ({ params: { businessId }, formData }),
    {
      onSuccess: (state) => queryClient.setQueryData(SELLER_KEYS.verification(businessId), state),
    },
  );
}
