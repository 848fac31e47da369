import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { variantOptionsLabel } from '@/lib/order-format';

/** What a cart line and an order line both say (the API's decimal strings for prices). */
export interface OrderLineItem {
  image: string | null;
  product_name: string;
  quantity: number;
  product_price: string;
  total_price: string;
}

export interface OrderLineProps {
  item: OrderLineItem;
  /** 'Size M / Sage', or null for a product without options. */
  options: string | null;
  /** The thumbnail's side in CSS pixels (48 in the checkout summary, 56 on an order). */
  imageSize: 48 | 56;
  className?: string;
}

/** One line of a checkout summary or an order: thumbnail, name, options, quantity × price, total. */
export function OrderLine({ item, options, imageSize, className }: OrderLineProps) {
  return (
    <li className={cx('flex items-start gap-3 text-sm', className)}>
      <ResponsiveImage
        src={item.image}
        alt=""
        width={imageSize}
        height={imageSize}
        sizes={`${imageSize}px`}
        className={cx(imageSize === 48 ? 'size-12' : 'size-14', 'shrink-0 rounded-lg object-cover')}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{item.product_name}</p>
        {options ? <p className="text-ink-muted">{options}</p> : null}
        <p className="text-ink-muted tabular-nums">
          {item.quantity} × {formatMoney(item.product_price)}
        </p>
      </div>
      <p className="font-medium tabular-nums">{formatMoney(item.total_price)}</p>
    </li>
  );
}

/** The lines of an order (its `order_items`), each with its options, as the buyer and seller see them. */
export function OrderLines({
  items,
  label,
  className,
}: {
  items: ReadonlyArray<OrderLineItem & { id: number; variant_options: Record<string, string> }>;
  /** A name for the list, when the page has no heading right above it. */
  label?: string;
  className?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cx('divide-y divide-sand-200 border-y border-sand-200', className)}
    >
      {items.map((item) => (
        <OrderLine
          key={item.id}
          item={item}
          options={variantOptionsLabel(item.variant_options)}
          imageSize={56}
          className="py-3"
        />
      ))}
    </ul>
  );
}
