import { SalesBlock } from '../components/sales-block';

/**
 * The dashboard's "overview" section (issue 24): the sales block (payouts after the
 * commission, the chart, orders by status, best sellers) at its own address, out of the way
 * of the working sections.
 */
export function OverviewSection({ businessId }: { businessId: number }) {
  return (
    // The dashboard names the section (its h2); this is its content, a card (the block's own
    // separator from the panel it once closed is not needed here).
    <div className="rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft sm:p-6 [&>section]:mt-0 [&>section]:border-t-0 [&>section]:pt-0">
      <SalesBlock businessId={businessId} />
    </div>
  );
}
