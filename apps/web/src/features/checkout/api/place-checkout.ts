import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { CheckoutBody, CheckoutResponse } from '@leafline/contract/orders';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * POST /checkout/ {items: [{product_id, variant_id, quantity}]} (auth; SPEC §7): the server
 * prices the cart itself, makes one Pending order per brand and answers the hosted payment
 * page's address.
 */
export function placeCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return apiCall(ACCOUNT_ROUTES.checkout, {
    json: body,
    timeoutMs: 60_000,
  });
}

export function usePlaceCheckout() {
  return useMutation({ mutationFn: placeCheckout });
}
