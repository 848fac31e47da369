import type { OrderItem } from '@leafline/contract/orders';
import type { StockMovement } from '@leafline/contract/stock';
import { STOCK_MOVEMENT_TEXTS } from '@leafline/contract/stock-texts';
import { SELLER_ORDERS_TEXTS } from './seller-orders-texts';

/**
 * What a movement of an order's stock moved, by the order's own line of that product and
 * variant: "Linen Shirt, M"; the product's name alone when the variant has no options.
 */
export function movementSubject(
  items: readonly Pick<
    OrderItem,
    'product_id' | 'variant_id' | 'product_name' | 'variant_options'
  >[],
  movement: StockMovement,
): string {
  const lines = items.filter((item) => item.product_id === movement.product_id);
  const first = lines[0];
  if (!first) return SELLER_ORDERS_TEXTS.unknownProduct(movement.product_id);
  if (movement.variant_id === null) return first.product_name;
  const line = lines.find((item) => item.variant_id === movement.variant_id);
  const options = line
    ? Object.values(line.variant_options).filter((value) => value.trim() !== '')
    : [];
  return options.length > 0 ? `${first.product_name}, ${options.join(' / ')}` : first.product_name;
}

/**
 * What a movement did, with STOCK_MOVEMENT_TEXTS: "1 taken from stock · 3 left", "2 put back
 * in stock · 5 left"; a count that stopped being counted says only that.
 */
export function movementChange(movement: StockMovement): string {
  const left = STOCK_MOVEMENT_TEXTS.left(movement.stock_after);
  if (movement.change === null) return left;
  const moved =
    movement.change < 0
      ? STOCK_MOVEMENT_TEXTS.sale(-movement.change)
      : STOCK_MOVEMENT_TEXTS.restock(movement.change);
  return `${moved} · ${left}`;
}
