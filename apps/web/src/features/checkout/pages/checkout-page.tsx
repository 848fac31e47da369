import type { CartResponse, ShippingAddress } from '@leafline/contract/cart';
import { useQueryClient } from '@tanstack/react-query';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoginGate } from '@/components/auth/login-gate';
import { CartStates } from '@/components/cart/cart-states';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { Notice } from '@/components/ui/notice';
import { RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';
import { cartQueryKey, useCart } from '@/lib/api/get-cart';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { leaveApp } from '@/lib/leave-app';
import { useShippingAddress } from '../api/get-shipping-address';
import { usePlaceCheckout } from '../api/place-checkout';
import { AddressForm } from '../components/address-form';
import { OrderSummary } from '../components/order-summary';
import { ProcessingOverlay } from '../components/processing-overlay';
import { addressLines } from '../lib/address';
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
  const queryClient = useQueryClient();
  const placeCheckout = usePlaceCheckout();
  const [editing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  // From the click until the browser leaves for the payment page (SPEC §4 processing).
  const [processing, setProcessing] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const canCheckout = savedAddress !== null;
  const showForm = !addressFailed && (editing || savedAddress === null);

  const onPlaceOrder = () => {
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
      })
      .then(
        ({ checkout_url }) => {
          // The overlay stays while the browser loads the payment page.
          leaveApp(checkout_url);
        },
        (error: unknown) => {
          setProcessing(false);
          setCheckoutError(errorMessage(error, CHECKOUT_TEXTS.checkoutFailed));
          // The cart changed elsewhere (409): show what it holds now.
          if (isApiError(error, 409)) {
            void queryClient.invalidateQueries({ queryKey: cartQueryKey });
          }
        },
      );
  };

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_26rem] lg:items-start">
      <CardSection
        id="shipping-address"
        title={
          <>
            <MapPin aria-hidden="true" className="size-5 text-sage-700" />
            Shipping address
          </>
        }
        raised
        headingClassName="flex items-center gap-2"
      >
        <p className="mt-1 text-sm text-ink-muted">We currently ship to addresses in the US.</p>
        <div className="mt-5">
          {addressFailed ? (
            <RetryNotice message={CHECKOUT_TEXTS.loadAddressFailed} onRetry={onRetryAddress} />
          ) : showForm ? (
            <AddressForm
              initial={savedAddress}
              onSaved={() => {
                setEditing(false);
                setJustSaved(true);
              }}
              onCancel={savedAddress ? () => setEditing(false) : undefined}
            />
          ) : savedAddress ? (
            <div className="flex flex-col gap-4">
              {justSaved ? <Notice tone="success">{CHECKOUT_TEXTS.addressSaved}</Notice> : null}
              <address className="not-italic leading-relaxed" data-testid="saved-address">
                {addressLines(savedAddress).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => {
                  setJustSaved(false);
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit address
              </Button>
            </div>
          ) : null}
        </div>
      </CardSection>

      <div className="lg:sticky lg:top-24">
        <OrderSummary cart={cart}>
          <div className="mt-5 flex flex-col gap-3">
            {checkoutError ? <Notice tone="error">{checkoutError}</Notice> : null}
            <Button
              size="lg"
              className="w-full"
              onClick={onPlaceOrder}
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
