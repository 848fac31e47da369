import type { CartItem } from '@leafline/contract/cart';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatMoney } from '@/lib/money';
import { optionsLabel } from '../lib/cart-math';
import { CART_TEXTS } from '../lib/cart-texts';
import { QuantityControl } from './quantity-control';

export interface CartLineProps {
  item: CartItem;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
  removing: boolean;
}

/** One line of the cart: picture, name, options, unit price, quantity, line total, remove. */
export function CartLine({ item, onQuantity, onRemove, removing }: CartLineProps) {
  const options = optionsLabel(item);
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line">
      <ResponsiveImage
        src={item.image}
        alt=""
        width={96}
        height={96}
        sizes="96px"
        className="size-20 shrink-0 self-start rounded-xl object-cover sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 className="font-sans text-base font-semibold text-ink">
              <Link
                to={`/shop/products/${item.product_id}`}
                className="text-ink no-underline hover:underline"
              >
                {item.product_name}
              </Link>
            </h3>
            {options ? <p className="text-sm text-ink-muted">{options}</p> : null}
            <p className="text-sm text-ink-muted tabular-nums">
              {formatMoney(item.product_price)} each
            </p>
          </div>
          <p className="font-semibold tabular-nums" data-testid="cart-line-total">
            {formatMoney(item.total_price)}
          </p>
        </div>
        {item.available_quantity !== null ? (
          // More than is left now (issue 26): what is, and the fix in one click.
          <div
            className="flex flex-wrap items-center gap-3 rounded-xl bg-clay-100 px-3 py-2 text-sm"
            data-testid="cart-line-short"
          >
            <p className="font-semibold text-clay-800">
              {CART_TEXTS.left(item.available_quantity)}
            </p>
            {item.available_quantity > 0 ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onQuantity(item, item.available_quantity!)}
              >
                {CART_TEXTS.changeTo(item.available_quantity)}
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <QuantityControl
            name={item.product_name}
            quantity={item.quantity}
            onChange={(quantity) => onQuantity(item, quantity)}
            disabled={removing}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onRemove(item)}
            loading={removing}
            aria-label={`Remove ${item.product_name}${options ? ` (${options})` : ''} from cart`}
          >
            {removing ? null : <Trash2 aria-hidden="true" className="size-4" />}
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
