import { PRODUCT_TOAST_MS } from '@leafline/contract/constants';
import { LOW_STOCK_THRESHOLD } from '@leafline/contract/stock-texts';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoginFirst } from '@/components/auth/login-first';
import { Button, buttonClasses } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-tokens';
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
  const toast = useToast();
  const addToCart = useAddToCart();
  const loginFirst = useLoginFirst(PRODUCT_TEXTS);
  // After a successful add, a lasting way to the cart beside the (5 s) toast.
  const [added, setAdded] = useState(false);

  const onClick = () => {
    if (!getAccessToken()) {
      loginFirst.ask();
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
      {loginFirst.notice}
    </div>
  );
}
