import type { CartItem } from '@leafline/contract/cart';
import { STOCK_MESSAGES } from '@leafline/contract/stock-texts';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

export const STOCK_CHANGED_TEXTS = {
  title: 'Some items sold out or are running low since you added them.',
  fixAll: 'Update my cart',
  fixed: 'Your cart now holds only what is available.',
} as const;

/**
 * Cart lines beyond what is left now (issue 26; the cart read marks them with
 * `available_quantity`): which, how many are left of each, and the fix for all of them in one
 * click — each set to what is left, a sold-out one removed. The cart and checkout pages both
 * show it.
 */
export function StockChanged({
  items,
  onFix,
  fixing,
}: {
  items: readonly Pick<CartItem, 'id' | 'product_name' | 'available_quantity'>[];
  onFix: () => void;
  fixing: boolean;
}) {
  return (
    <Notice tone="warning">
      <div className="flex flex-col gap-2" data-testid="stock-changed">
        <p className="font-semibold">{STOCK_CHANGED_TEXTS.title}</p>
        <ul className="list-disc pl-5">
          {items.map((item) => (
            <li key={item.id}>
              {item.product_name}: {STOCK_MESSAGES.left(item.available_quantity ?? 0)}
            </li>
          ))}
        </ul>
        <div>
          <Button size="sm" onClick={onFix} loading={fixing}>
            {STOCK_CHANGED_TEXTS.fixAll}
          </Button>
        </div>
      </div>
    </Notice>
  );
}
