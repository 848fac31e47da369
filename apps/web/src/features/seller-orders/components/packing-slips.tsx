import type { SellerOrder } from '@leafline/contract/seller-orders';
import { createPortal } from 'react-dom';
import { useOwnedBusinesses } from '@/lib/api/get-owned-businesses';
import { addressLines, readAddress, variantOptionsLabel } from '@/lib/order-format';
import { usePrintOnce } from '@/lib/print';
import { SELLER_ORDERS_TEXTS as TEXTS } from '../lib/seller-orders-texts';
import { formatLocalDate } from './seller-order-card';

/** The brand printed at the top of each slip. */
interface SlipBrand {
  name: string;
  /** Its logo's address, or null. */
  logo: string | null;
}

/**
 * Packing slips (issue 29, point 4): one printed page per order — the brand's logo and name,
 * the order's number and date, where it goes, and what goes in the parcel (each product with
 * its options and quantity; no prices, as slips go in the box). Rendered beside the app (a
 * portal on <body>) only while printing: the print style shows the slips alone, and the
 * browser's print dialog opens once they are on the page. `onDone` when it closes.
 */
export function PackingSlips({
  businessId,
  orders,
  onDone,
}: {
  businessId: number;
  orders: readonly SellerOrder[];
  onDone: () => void;
}) {
  // The dashboard has its businesses already (its selector): the brand at once, usually.
  const owned = useOwnedBusinesses();
  const business = owned.data?.businesses.find((b) => b.id === businessId);
  const brand: SlipBrand = { name: business?.name ?? '', logo: business?.logonew ?? null };
  const ready = !owned.isPending;
  // Once the slips are on the page with their brand.
  usePrintOnce(ready, onDone);

  return createPortal(
    <div className="print-only" data-testid="packing-slips">
      {orders.map((order) => (
        <PackingSlip key={order.id} order={order} brand={brand} />
      ))}
    </div>,
    document.body,
  );
}

function PackingSlip({ order, brand }: { order: SellerOrder; brand: SlipBrand }) {
  const ship = readAddress(order.shipping_address);
  return (
    <section
      aria-label={TEXTS.slipLabel(order.id)}
      className="packing-slip flex flex-col gap-6 p-10 text-ink"
    >
      <header className="flex items-center justify-between gap-6 border-b border-ink pb-4">
        <div className="flex items-center gap-3">
          {brand.logo ? (
            <img
              src={brand.logo}
              alt=""
              width={56}
              height={56}
              className="size-14 object-contain"
            />
          ) : null}
          <p className="text-2xl font-semibold">{brand.name}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold">{TEXTS.slipTitle}</p>
          <p>{TEXTS.orderNumber(order.id)}</p>
          <p className="text-sm">{formatLocalDate(order.created_at)}</p>
        </div>
      </header>
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide">{TEXTS.slipShipTo}</h2>
        {ship ? (
          <address className="not-italic">
            {addressLines(ship).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p>{order.user_full_name}</p>
        )}
      </div>
      <table className="w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-ink">
            <th scope="col" className="py-2">
              {TEXTS.slipItem}
            </th>
            <th scope="col" className="py-2">
              {TEXTS.slipOptions}
            </th>
            <th scope="col" className="py-2 text-right">
              {TEXTS.slipQuantity}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.order_items.map((item) => (
            <tr key={item.id} className="border-b border-sand-300">
              <td className="py-2">{item.product_name}</td>
              <td className="py-2">{variantOptionsLabel(item.variant_options) ?? ''}</td>
              <td className="py-2 text-right">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm">{TEXTS.slipThanks(brand.name)}</p>
    </section>
  );
}
