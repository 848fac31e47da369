import type { CartResponse, ShippingAddress } from '@leafline/contract/cart';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import { Link } from 'react-router';
import { LoginGate } from '@/components/auth/login-gate';
import { CartStates } from '@/components/cart/cart-states';
import { StockChanged } from '@/components/cart/stock-changed';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';
import { useCartPromo } from '@/lib/api/check-promo-code';
import { useCart } from '@/lib/api/get-cart';
import { useCartPromoCode } from '@/lib/cart-promo';
import { useDocumentTitle } from '@/lib/document-title';
import { useFitCartToStock } from '../api/fit-cart-to-stock';
import { useShippingAddress } from '../api/get-shipping-address';
import { OrderSummary } from '../components/order-summary';
import { ProcessingOverlay } from '../components/processing-overlay';
import { ShippingAddressSection } from '../components/shipping-address-section';
import { usePlaceOrder } from '../hooks/use-place-order';
import { CHECKOUT_TEXTS } from '../lib/checkout-texts';

/**
 * /checkout (SPEC §2 Checkout, §4, §5, §8): the shipping address, the order summary with the
 * free-shipping bar, then the processing overlay and the payment provider's hosted page.
 */
export function CheckoutPage() {
  useDocumentTitle(CHECKOUT_TEXTS.title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{CHECKOUT_TEXTS.title}</h1>
      <LoginGate notice={CHECKOUT_TEXTS.mustLogin} action="link" tone="warning">
        <Checkout />
      </LoginGate>
    </div>
  );
}

const CHECKOUT_EMPTY = {
  title: CHECKOUT_TEXTS.emptyTitle,
  text: CHECKOUT_TEXTS.emptyText,
  action: CHECKOUT_TEXTS.shopNow,
};

function Checkout() {
  const cart = useCart();
  const address = useShippingAddress();

  return (
    <CartStates
      cart={cart}
      skeleton={<CheckoutSkeleton />}
      waiting={address.isPending}
      loadFailed={CHECKOUT_TEXTS.loadCartFailed}
      empty={CHECKOUT_EMPTY}
    >
      {(data) => (
        <CheckoutContents
          cart={data}
          savedAddress={address.data ?? null}
          addressFailed={address.isError}
          onRetryAddress={() => void address.refetch()}
        />
      )}
    </CartStates>
  );
}

interface CheckoutContentsProps {
  cart: CartResponse;
  savedAddress: ShippingAddress | null;
  addressFailed: boolean;
  onRetryAddress: () => void;
}

function CheckoutContents({
  cart,
  savedAddress,
  addressFailed,
  onRetryAddress,
}: CheckoutContentsProps) {
  const canCheckout = savedAddress !== null;
  // The code chosen in the cart, checked against the cart as it is now (docs/decisions/0056).
  const promoCode = useCartPromoCode();
  const promo = useCartPromo(promoCode, cart);
  const applied = promoCode !== null && !promo.isError ? (promo.data ?? null) : null;
  const { processing, checkoutError, placeOrder } = usePlaceOrder(cart, canCheckout, promoCode);
  // Lines beyond what is left (the cart is read again after checkout's 409 for stock).
  const short = cart.items.filter((item) => item.available_quantity !== null);
  const fit = useFitCartToStock();

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_26rem] lg:items-start">
      <ShippingAddressSection
        savedAddress={savedAddress}
        addressFailed={addressFailed}
        onRetryAddress={onRetryAddress}
      />

      <div className="lg:sticky lg:top-24">
        <OrderSummary cart={cart} promo={applied}>
          <div className="mt-5 flex flex-col gap-3">
            {checkoutError ? <Notice tone="error">{checkoutError}</Notice> : null}
            {short.length ? (
              <StockChanged items={short} onFix={() => fit.mutate(short)} fixing={fit.isPending} />
            ) : null}
            <Button
              size="lg"
              className="w-full"
              onClick={placeOrder}
              disabled={!canCheckout}
              loading={processing}
              aria-describedby={canCheckout ? undefined : 'checkout-needs-address'}
            >
              {processing ? null : <LockKeyhole aria-hidden="true" className="size-5" />}
              {CHECKOUT_TEXTS.placeOrder}
            </Button>
            {canCheckout ? null : (
              <p id="checkout-needs-address" className="text-center text-sm text-ink-muted">
                {CHECKOUT_TEXTS.saveAddressFirst}
              </p>
            )}
            <Link to="/cart" className="text-center text-sm font-medium text-forest-900">
              Back to cart
            </Link>
          </div>
        </OrderSummary>
      </div>

      {processing ? <ProcessingOverlay /> : null}
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <LoadingRegion label="Loading checkout…" className="mt-6">
      <div className="grid gap-8 lg:grid-cols-[1fr_26rem]">
        <div className="rounded-card border border-sand-300 bg-white/70 p-6">
          <Skeleton className="h-7 w-48" />
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <Skeletons shapes={Array(6).fill('h-11 w-full rounded-xl')} />
          </div>
        </div>
        <Skeleton className="h-96 w-full rounded-card" />
      </div>
    </LoadingRegion>
  );
}
