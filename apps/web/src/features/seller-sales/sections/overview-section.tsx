import { PayoutLedger } from '../components/payout-ledger';
import { SalesBlock } from '../components/sales-block';

/**
 * The dashboard's "overview" section (issue 24): the sales block (payouts after the
 * commission, the chart, orders by status, best sellers) at its own address, out of the way
 * of the working sections; then the payout ledger (issue 29).
 */
export function OverviewSection({ businessId }: { businessId: number }) {
  return (
    // The dashboard names the section (its h2); this is its content, a card from 640 px on
    // (on a phone the figures' table needs the card's margins; the block's own separator from
    // the panel it once closed is not needed here).
    <div className="sm:rounded-card sm:border sm:border-sand-300 sm:bg-white/70 sm:p-6 sm:shadow-soft [&>section]:mt-0 [&>section]:border-t-0 [&>section]:pt-0">
      <SalesBlock businessId={businessId} />
      {/* Issue 29: every payout, a month's statement. */}
      <div className="mt-8">
        <PayoutLedger businessId={businessId} />
      </div>
    </div>
  );
}
