import { DELIVERY_TEXTS } from '@leafline/contract/delivery-texts';
import PackageCheck from 'lucide-react/icons/package-check';
import { useDelivery } from '@/lib/api/get-delivery';
import { cx } from '@/lib/cx';
import { estimateLine, returnsLine, shippingLine } from './delivery-lines';

/**
 * The "Shipping & returns" block of the product page and the storefront (decision 0052): the
 * brand's fee and free-shipping rules for the shopper's country, the delivery estimate and the
 * returns policy. Asked in the browser (never in the cached page); nothing shows if it fails.
 */
export function ShippingAndReturns({
  businessId,
  className,
}: {
  businessId: number;
  className?: string;
}) {
  const delivery = useDelivery(businessId);
  if (delivery.isError) return null;
  const d = delivery.data;
  const headingId = `shipping-returns-${businessId}`;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={d ? undefined : true}
      className={cx('rounded-card border border-sand-300 bg-white/70 px-4 py-3 text-sm', className)}
      data-testid="shipping-returns"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-sans text-base font-semibold">
        <PackageCheck aria-hidden="true" className="size-4 text-sage-700" />
        {DELIVERY_TEXTS.heading}
      </h2>
      {d ? (
        <ul className="mt-1.5 flex flex-col gap-1 text-ink-muted">
          <li>{shippingLine(d)}</li>
          <li>{estimateLine(d)}</li>
          <li>{returnsLine(d)}</li>
        </ul>
      ) : (
        <p className="mt-1.5 text-ink-muted">{DELIVERY_TEXTS.loading}</p>
      )}
    </section>
  );
}
