import type { ShippingFeesBody, ShippingFeesSavedResponse } from '@leafline/contract/cart';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** POST /api/shipping-fees/{businessId}/ (auth, owner): replaces the whole setting. */
export function saveShippingFees(
  businessId: number,
  body: ShippingFeesBody,
): Promise<ShippingFeesSavedResponse> {
  return apiCall(SELLER_ROUTES.saveShippingFees, { params: { businessId }, json: body });
}

export function useSaveShippingFees(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingFeesBody) => saveShippingFees(businessId, body),
    onSuccess: ({ message: _message, ...saved }) => {
      queryClient.setQueryData(SELLER_KEYS.shippingFees(businessId), saved);
    },
  });
}
