import { PRODUCT_LOGIN_REDIRECT_MS, PRODUCT_TOAST_MS } from '@leafline/contract/constants';
import { LOW_STOCK_THRESHOLD } from '@leafline/contract/stock-texts';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-tokens';
import type { NoticeState } from '@/lib/navigation';
import { saveProductRedirect } from '@/lib/storage';
import { useAddToCart } from '../api/add-to-cart';
import { PRODUCT_TEXTS } from '../lib/product-texts';

export interface AddToCartProps {
  productId: number;
  /** The picked variant; null for a product without variants. */
  variantId: number | null;
  /** Whether the product has variants, so one must be picked first. */
  needsVariant: boolean;
  /** What is left of the picked unit (issue 26): 0 sold out, null not counted. */
  stock?: number | null;
}

/**
 * Add to Cart (SPEC §4): without a stored access token it says the shopper must log in,
 * offers Login Now, remembers this page in `product_redirect` (the login page returns here)
 * and goes to /login by itself after 3 s. With a token it posts the item and says how it went.
 */
export function AddToCart({ productId, variantId, needsVariant, stock = null }: AddToCartProps) {
  const soldOut = stock === 0;
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const addToCart = useAddToCart();
  const [mustLogin, setMustLogin] = useState(false);
  // After a successful add, a lasting way to the cart beside the (5 s) toast.
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const goToLogin = () => {
    clearTimeout(timer.current);
    const state: NoticeState = { notice: PRODUCT_TEXTS.mustLogin, noticeTone: 'info' };
    navigate('/login', { state });
  };

  const onClick = () => {
    if (!getAccessToken()) {
      saveProductRedirect(`${location.pathname}${location.search}`);
      setMustLogin(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(goToLogin, PRODUCT_LOGIN_REDIRECT_MS);
      return;
    }
    if (needsVariant && variantId === null) {
      toast.warning(PRODUCT_TEXTS.pickVariant, PRODUCT_TOAST_MS);
      return;
    }
    addToCart.mutate(
      { productId, variantId },
      {
        onSuccess: () => {
          setAdded(true);
          toast.success(PRODUCT_TEXTS.added, PRODUCT_TOAST_MS);
        },
        onError: (error) =>
          toast.error(errorMessage(error, PRODUCT_TEXTS.addFailed), PRODUCT_TOAST_MS),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="lg"
          onClick={onClick}
          loading={addToCart.isPending}
          disabled={soldOut}
          className="w-full sm:w-auto sm:min-w-56"
        >
          {addToCart.isPending || soldOut ? null : (
            <ShoppingBag aria-hidden="true" className="size-5" />
          )}
          {soldOut ? PRODUCT_TEXTS.soldOut : 'Add to Cart'}
        </Button>
        {stock !== null && stock > 0 && stock <= LOW_STOCK_THRESHOLD ? (
          <p className="text-sm font-semibold text-clay-700">{PRODUCT_TEXTS.fewLeft(stock)}</p>
        ) : null}
        {added ? (
          <Link to="/cart" className={`${buttonClasses('secondary', 'lg')} w-full sm:w-auto`}>
            {PRODUCT_TEXTS.viewCart}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        ) : null}
      </div>
      {mustLogin ? (
        <Notice tone="warning" className="items-center">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <span>{PRODUCT_TEXTS.mustLogin}</span>
            <Button size="sm" variant="secondary" onClick={goToLogin}>
              {PRODUCT_TEXTS.loginNow}
            </Button>
          </div>
        </Notice>
      ) : null}
    </div>
  );
}
