import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatMoney } from '@/lib/money';

export interface OrderLineProps {
  image: string | null;
  name: string;
  /** 'Size M / Sage', or null for a product without options. */
  options: string | null;
  quantity: number;
  /** The API's decimal strings: the unit price and the line's total. */
  price: string;
  total: string;
  /** The thumbnail's side in CSS pixels (48 in the checkout summary, 56 on an order). */
  imageSize: 48 | 56;
}

/** One line of a checkout summary or an order: thumbnail, name, options, quantity × price, total. */
export function OrderLine({
  image,
  name,
  options,
  quantity,
  price,
  total,
  imageSize,
}: OrderLineProps) {
  return (
    <>
      <ResponsiveImage
        src={image}
        alt=""
        width={imageSize}
        height={imageSize}
        sizes={`${imageSize}px`}
        className={`${imageSize === 48 ? 'size-12' : 'size-14'} shrink-0 rounded-lg object-cover`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{name}</p>
        {options ? <p className="text-ink-muted">{options}</p> : null}
        <p className="text-ink-muted tabular-nums">
          {quantity} × {formatMoney(price)}
        </p>
      </div>
      <p className="font-medium tabular-nums">{formatMoney(total)}</p>
    </>
  );
}
