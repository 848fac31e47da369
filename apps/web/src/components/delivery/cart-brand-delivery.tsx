import type { BusinessShipping, CartResponse } from '@leafline/contract/cart';
import { useDelivery } from '@/lib/api/get-delivery';
import { cartShippingLine, estimateLine, returnsLine } from './delivery-lines';

/**
 * A brand's shipping, estimate and returns under its lines in the cart (decision 0052): the fee
 * and free-shipping progress from the cart's answer, the estimate and returns from the brand's
 * delivery answer (for the same country: the shopper's default address's, else US).
 */
export function CartBrandDelivery({
  brand,
  cart,
}: {
  brand: BusinessShipping;
  cart: Pick<CartResponse, 'amount_to_free_shipping' | 'free_shipping_threshold'>;
}) {
  const delivery = useDelivery(brand.business);
  const d = delivery.data;
  return (
    <ul
      className="flex flex-col gap-0.5 border-t border-sand-200 py-3 text-sm text-ink-muted"
      data-testid="cart-brand-delivery"
    >
      <li>{cartShippingLine(brand, cart)}</li>
      {d ? (
        <>
          <li>{estimateLine(d)}</li>
          <li>{returnsLine(d)}</li>
        </>
      ) : null}
    </ul>
  );
}
