import type { CartResponse } from '@leafline/contract/cart';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cartQueryKey } from '@/lib/api/get-cart';
import { errorMessage, isApiError } from '@/lib/api-client';
import { setCartPromoCode } from '@/lib/cart-promo';
import { leaveApp } from '@/lib/leave-app';
import { usePlaceCheckout } from '../api/place-checkout';
import { CHECKOUT_TEXTS } from '../lib/checkout-texts';

/**
 * Place order (SPEC §4, §5): the checkout is made of the cart's items, then the browser
 * leaves for the payment provider's page; a failure is told, and a cart changed elsewhere
 * is fetched again. Nothing happens without a saved address (`canCheckout`) or twice. The promo
 * code chosen in the cart goes with it (docs/decisions/0056); one that stopped working is
 * forgotten, and the summary shows the total without it.
 */
export function usePlaceOrder(
  cart: CartResponse,
  canCheckout: boolean,
  promoCode: string | null = null,
) {
  const queryClient = useQueryClient();
  const placeCheckout = usePlaceCheckout();
  // From the click until the browser leaves for the payment page (SPEC §4 processing).
  const [processing, setProcessing] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);

  const placeOrder = () => {
    if (!canCheckout || processing) return;
    setCheckoutError(null);
    setProcessing(true);
    placeCheckout
      .mutateAsync({
        items: cart.items.map((item) => ({
          product_id: item.product_id,
          variant_id: item.variant_id,
          quantity: item.quantity,
        })),
        ...(promoCode ? { promo_code: promoCode } : {}),
      })
      .then(
        ({ checkout_url }) => {
          // The overlay stays while the browser loads the payment page.
          leaveApp(checkout_url);
        },
        (error: unknown) => {
          setProcessing(false);
          setCheckoutError(errorMessage(error, CHECKOUT_TEXTS.checkoutFailed));
          // The code no longer works: nothing was made; without it, the next click goes on.
          if (isApiError(error, 400) && error.fields?.promo_code) setCartPromoCode(null);
          // The cart changed elsewhere (409): show what it holds now.
          if (isApiError(error, 409)) {
            void queryClient.invalidateQueries({ queryKey: cartQueryKey });
          }
        },
      );
  };

  return { processing, checkoutError, placeOrder };
}
