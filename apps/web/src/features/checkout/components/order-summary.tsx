import type { CartResponse } from '@leafline/contract/cart';
import { type CartPromoResponse, PROMO_CODE_MESSAGES } from '@leafline/contract/promo-codes';
import type { ReactNode } from 'react';
import { AmountRow, shippingAmount } from '@/components/order/amount-row';
import { OrderLine } from '@/components/order/order-line';
import { CardSection } from '@/components/ui/card-section';
import { formatMoney, priceToCents } from '@/lib/money';
import { CHECKOUT_TEXTS } from '../lib/checkout-texts';
import { brandSummaries, optionsLabel, shippingLabel } from '../lib/summary';
import { FreeShippingProgress } from './free-shipping-progress';

/**
 * SPEC §2 Checkout order summary: the progress bar toward free shipping, each brand's items
 * and shipping (DESIGN 2.6: a fee per brand), then subtotal, shipping and total. With the promo
 * code chosen in the cart (docs/decisions/0056), each brand's share and the total after it.
 */
export function OrderSummary({
  cart,
  promo = null,
  children,
}: {
  cart: CartResponse;
  promo?: CartPromoResponse | null;
  children?: ReactNode;
}) {
  const brands = brandSummaries(cart);
  return (
    <CardSection id="order-summary" title="Order summary" tone="sand" raised>
      <div className="mt-4">
        <FreeShippingProgress
          subtotal={cart.subtotal}
          threshold={cart.free_shipping_threshold}
          remaining={cart.amount_to_free_shipping}
        />
      </div>

      <div className="mt-5 flex flex-col gap-5">
        {brands.map((brand) => {
          const shipping = shippingLabel(brand.shipping);
          const share = promo?.discount_by_business.find((b) => b.business === brand.business);
          return (
            <section
              key={brand.business}
              aria-label={brand.businessName}
              className="rounded-2xl border border-sand-300 bg-white/70 p-4"
              data-testid="summary-brand"
            >
              <h3 className="font-sans text-base font-semibold text-forest-900">
                {brand.businessName}
              </h3>
              <ul className="mt-3 flex flex-col gap-3">
                {brand.items.map((item) => (
                  <OrderLine
                    key={item.id}
                    item={item}
                    options={optionsLabel(item)}
                    imageSize={48}
                  />
                ))}
              </ul>
              <dl className="mt-3 border-t border-sand-200 pt-3 text-sm">
                <div className="flex justify-between gap-3">
                  <dt>Shipping from {brand.businessName}</dt>
                  <dd className="font-medium tabular-nums" data-testid="brand-shipping">
                    {shipping.amount}
                  </dd>
                </div>
                {promo && share && priceToCents(share.discount) > 0 ? (
                  <AmountRow
                    label={PROMO_CODE_MESSAGES.brandShare(promo.code)}
                    valueClassName="font-medium"
                    testId="brand-discount"
                  >
                    −{formatMoney(share.discount)}
                  </AmountRow>
                ) : null}
              </dl>
              {shipping.reason ? (
                <p className="mt-1 text-sm text-ink-muted" data-testid="brand-shipping-reason">
                  {shipping.reason}
                </p>
              ) : null}
            </section>
          );
        })}
      </div>

      <dl className="mt-5 flex flex-col gap-2 border-t border-sand-300 pt-4">
        <AmountRow label="Subtotal" testId="summary-subtotal">
          {formatMoney(cart.subtotal)}
        </AmountRow>
        <AmountRow label="Shipping" testId="summary-shipping">
          {shippingAmount(priceToCents(cart.total_shipping_fees))}
        </AmountRow>
        {promo ? (
          <AmountRow
            label={`${PROMO_CODE_MESSAGES.discount} (${promo.code})`}
            valueClassName="font-semibold"
            testId="summary-discount"
          >
            −{formatMoney(promo.discount)}
          </AmountRow>
        ) : null}
        <AmountRow label="Total" className="text-lg font-semibold" testId="summary-total">
          {formatMoney(promo ? promo.total : cart.total)}
        </AmountRow>
      </dl>
      <p className="mt-2 text-sm text-ink-muted">
        {promo ? PROMO_CODE_MESSAGES.carried : CHECKOUT_TEXTS.discountHint}
      </p>
      {children}
    </CardSection>
  );
}
