import type { CartItem, CartResponse } from '@leafline/contract/cart';
import { CART_TOAST_MS } from '@leafline/contract/constants';
import { PROMO_CODE_MESSAGES } from '@leafline/contract/promo-codes';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Store from 'lucide-react/icons/store';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoginGate, useLoginRedirectAfter } from '@/components/auth/login-gate';
import { CartStates } from '@/components/cart/cart-states';
import { STOCK_CHANGED_TEXTS, StockChanged } from '@/components/cart/stock-changed';
import { CartBrandDelivery } from '@/components/delivery/cart-brand-delivery';
import { AmountRow, shippingAmount } from '@/components/order/amount-row';
import { buttonClasses } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/use-toast';
import { useCart } from '@/lib/api/get-cart';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatMoney, priceToCents } from '@/lib/money';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useUpdateCartQuantity } from '../api/update-cart-quantity';
import { CartLine } from '../components/cart-line';
import { PromoCodeForm } from '../components/promo-code-form';
import { usePromoCode } from '../hooks/use-promo-code';
import { groupByBrand } from '../lib/cart-math';
import { CART_TEXTS } from '../lib/cart-texts';

/** /cart (SPEC §2 Cart, §8): the shopper's lines by brand, subtotal, and the way to checkout. */
export function CartPage() {
  useDocumentTitle(CART_TEXTS.title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{CART_TEXTS.title}</h1>
      {/* Without a session the page says so and goes to /login after 2 s (SPEC §8 Cart). */}
      <LoginGate notice={CART_TEXTS.mustLogin} action="login-after" loginTone="info">
        <Cart />
      </LoginGate>
    </div>
  );
}

type PageNotice = { tone: 'error' | 'success'; message: string } | null;

const CART_EMPTY = {
  title: CART_TEXTS.emptyTitle,
  text: CART_TEXTS.emptyText,
  action: CART_TEXTS.shopNow,
};

function Cart() {
  const cart = useCart();
  const sessionOver = isApiError(cart.error, 401);
  useLoginRedirectAfter(sessionOver, { notice: CART_TEXTS.sessionExpired, noticeTone: 'warning' });
  const actions = useCartActions();

  if (sessionOver) {
    return (
      <Notice tone="warning" className="mt-6">
        {CART_TEXTS.sessionExpired}
      </Notice>
    );
  }
  return (
    <CartStates
      cart={cart}
      skeleton={<CartSkeleton />}
      loadFailed={CART_TEXTS.loadFailed}
      empty={CART_EMPTY}
    >
      {(data) => <CartContents cart={data} actions={actions} />}
    </CartStates>
  );
}

type CartActions = ReturnType<typeof useCartActions>;

/**
 * Quantity and remove, with their messages. Kept by `Cart`, which stays on screen while the
 * lines come and go (an optimistic change can empty the cart for a moment).
 */
function useCartActions() {
  const toast = useToast();
  const updateQuantity = useUpdateCartQuantity();
  const removeItem = useRemoveFromCart();
  const [notice, setNotice] = useState<PageNotice>(null);

  const onQuantity = async (item: CartItem, quantity: number) => {
    setNotice(null);
    try {
      await updateQuantity.mutateAsync({ itemId: item.id, quantity });
    } catch (error) {
      setNotice({ tone: 'error', message: errorMessage(error, CART_TEXTS.quantityFailed) });
    }
  };

  const onRemove = async (item: CartItem) => {
    setNotice(null);
    try {
      await removeItem.mutateAsync({
        itemId: item.id,
        productId: item.product_id,
        variantId: item.variant_id,
      });
      toast.success(CART_TEXTS.removed, CART_TOAST_MS);
    } catch (error) {
      setNotice({ tone: 'error', message: errorMessage(error, CART_TEXTS.removeFailed) });
    }
  };

  /** Every line beyond what is left set to what is (a sold-out one removed), in one click. */
  const onFixAll = async (items: readonly CartItem[]) => {
    setNotice(null);
    try {
      for (const item of items) {
        if (item.available_quantity === null) continue;
        await updateQuantity.mutateAsync({ itemId: item.id, quantity: item.available_quantity });
      }
      setNotice({ tone: 'success', message: STOCK_CHANGED_TEXTS.fixed });
    } catch (error) {
      setNotice({ tone: 'error', message: errorMessage(error, CART_TEXTS.quantityFailed) });
    }
  };

  const removingId = removeItem.isPending ? removeItem.variables?.itemId : undefined;
  return { notice, onQuantity, onRemove, onFixAll, fixing: updateQuantity.isPending, removingId };
}

function CartContents({ cart, actions }: { cart: CartResponse; actions: CartActions }) {
  const { notice, onQuantity, onRemove, onFixAll, fixing, removingId } = actions;
  const groups = groupByBrand(cart.items);
  const short = cart.items.filter((item) => item.available_quantity !== null);
  const promo = usePromoCode(cart);
  const applied = promo.applied;

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-5">
        {notice ? <Notice tone={notice.tone}>{notice.message}</Notice> : null}
        {short.length ? (
          <StockChanged items={short} onFix={() => void onFixAll(short)} fixing={fixing} />
        ) : null}
        {groups.map((group) => {
          const shipping = cart.shipping_by_business.find((b) => b.business === group.business);
          const share = applied?.discount_by_business.find((b) => b.business === group.business);
          return (
            <section
              key={group.business}
              aria-labelledby={`cart-brand-${group.business}`}
              className="rounded-card border border-sand-300 bg-white/70 px-5 pt-4 shadow-soft sm:px-6"
              data-testid="cart-brand"
            >
              <h2
                id={`cart-brand-${group.business}`}
                className="flex items-center gap-2 border-b border-sand-200 pb-3 font-sans text-lg font-semibold"
              >
                <Store aria-hidden="true" className="size-5 text-sage-700" />
                <Link
                  to={`/businessproducts/${group.business}`}
                  className="text-forest-900 no-underline hover:underline"
                >
                  {group.businessName}
                </Link>
              </h2>
              <ul className="divide-y divide-sand-200">
                {group.items.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    onQuantity={(line, quantity) => void onQuantity(line, quantity)}
                    onRemove={(line) => void onRemove(line)}
                    removing={removingId === item.id}
                  />
                ))}
              </ul>
              {applied && share && priceToCents(share.discount) > 0 ? (
                // The brand's share of the code, as its order will carry it once paid.
                <dl className="border-t border-sand-200 py-3 text-sm">
                  <AmountRow
                    label={PROMO_CODE_MESSAGES.brandShare(applied.code)}
                    valueClassName="font-medium text-forest-900"
                    testId="cart-brand-discount"
                  >
                    −{formatMoney(share.discount)}
                  </AmountRow>
                </dl>
              ) : null}
              {shipping ? <CartBrandDelivery brand={shipping} cart={cart} /> : null}
            </section>
          );
        })}
      </div>

      <CardSection
        id="cart-summary"
        title="Summary"
        tone="sand"
        raised
        as="aside"
        className="lg:sticky lg:top-24"
      >
        <dl className="mt-4 flex flex-col gap-3 text-base">
          <div className="flex justify-between gap-4">
            <dt>
              Subtotal{' '}
              <span className="text-ink-muted">
                ({cart.item_count} {cart.item_count === 1 ? 'item' : 'items'})
              </span>
            </dt>
            <dd className="font-semibold tabular-nums" data-testid="cart-subtotal">
              {formatMoney(cart.subtotal)}
            </dd>
          </div>
          {applied ? (
            <>
              <AmountRow label="Shipping" testId="cart-shipping">
                {shippingAmount(priceToCents(cart.total_shipping_fees))}
              </AmountRow>
              <AmountRow
                label={`${PROMO_CODE_MESSAGES.discount} (${applied.code})`}
                valueClassName="font-semibold text-forest-900"
                testId="cart-discount"
              >
                −{formatMoney(applied.discount)}
              </AmountRow>
              <AmountRow
                label={PROMO_CODE_MESSAGES.totalAfter}
                className="border-t border-sand-300 pt-3 text-lg font-semibold"
                testId="cart-total"
              >
                {formatMoney(applied.total)}
              </AmountRow>
            </>
          ) : (
            <div className="flex justify-between gap-4">
              <dt>Shipping</dt>
              <dd className="text-ink-muted">{CART_TEXTS.shippingAtCheckout}</dd>
            </div>
          )}
        </dl>
        <PromoCodeForm promo={promo} />
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/checkout" className={buttonClasses('primary', 'lg')}>
            {CART_TEXTS.proceedToCheckout}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link to="/shop" className={buttonClasses('secondary')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {CART_TEXTS.continueShopping}
          </Link>
        </div>
      </CardSection>
    </div>
  );
}

function CartSkeleton() {
  return (
    <LoadingRegion label="Loading your cart…" className="mt-6">
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-5">
          {[0, 1].map((i) => (
            <div key={i} className="rounded-card border border-sand-300 bg-white/70 p-5">
              <Skeleton className="h-6 w-40" />
              <div className="mt-5 flex gap-4">
                <Skeleton className="size-20 rounded-xl sm:size-24" />
                <div className="flex-1">
                  <Skeletons
                    shapes={['h-5 w-2/3', 'mt-2 h-4 w-1/3', 'mt-4 h-10 w-36 rounded-full']}
                  />
                </div>
              </div>
            </div>
          ))}
        </div>
        <Skeleton className="h-56 w-full rounded-card" />
      </div>
    </LoadingRegion>
  );
}
