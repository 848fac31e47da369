import { ORDER_STATUSES } from '@leafline/contract/constants';
import { SALES_TEXTS, type SalesOverview } from '@leafline/contract/seller-money';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { QueryView } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { useSales } from '../api/get-sales';

/** uPlot and its CSS: a chunk of their own, fetched only when the dashboard shows the chart. */
const SalesChart = lazy(() => import('./sales-chart'));

type Period = 'daily' | 'weekly';

const PERIODS: Array<{ id: Period; button: string; label: string }> = [
  { id: 'daily', button: SALES_TEXTS.dailyButton, label: SALES_TEXTS.daily },
  { id: 'weekly', button: SALES_TEXTS.weeklyButton, label: SALES_TEXTS.weekly },
];

const subheading = 'text-base font-semibold text-forest-900';
const cell = 'px-2 py-1.5 text-left';
const number = 'px-2 py-1.5 text-right tabular-nums';

/** The dashboard's sales block (SPEC §2 overview): payout totals, the chart, statuses, best sellers. */
export function SalesBlock({ businessId }: { businessId: number }) {
  const sales = useSales(businessId);
  return (
    <section aria-labelledby="sales-heading" className="mt-6 border-t border-sand-300 pt-5">
      <h3 id="sales-heading" className="text-xl font-semibold">
        {SALES_TEXTS.heading}
      </h3>
      <div className="mt-3">
        <QueryView
          query={sales}
          failedText={SALES_TEXTS.failed}
          loading={
            <LoadingRegion label={SALES_TEXTS.loading}>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="mt-4 h-56 w-full rounded-card" />
            </LoadingRegion>
          }
        >
          {(data) => <SalesFigures sales={data} />}
        </QueryView>
      </div>
    </section>
  );
}

interface FiguresRow {
  key: string;
  /** The row's name (a status, a product, a day). */
  head: ReactNode;
  /** Its figures, right-aligned. */
  figures: ReactNode[];
}

/**
 * A table of figures: a caption, a header row (shown, or for screen readers only), and rows
 * each named by their first cell.
 */
function FiguresTable({
  caption,
  captionClassName,
  columns,
  headerHidden = false,
  rows,
  rowHeadClassName = 'font-normal',
  className = 'w-full text-sm',
}: {
  caption: ReactNode;
  captionClassName: string;
  columns: string[];
  headerHidden?: boolean;
  rows: FiguresRow[];
  rowHeadClassName?: string;
  className?: string;
}) {
  return (
    <table className={className}>
      <caption className={captionClassName}>{caption}</caption>
      <thead className={headerHidden ? 'sr-only' : undefined}>
        <tr className={headerHidden ? undefined : 'border-b border-sand-300 text-ink-muted'}>
          {columns.map((column, i) => (
            <th key={column} scope="col" className={headerHidden ? undefined : i ? number : cell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-sand-200">
            <th scope="row" className={cx(cell, rowHeadClassName)}>
              {row.head}
            </th>
            {row.figures.map((figure, i) => (
              // A row's figures are fixed columns: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <td key={i} className={number}>
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Payouts after the commission: this week, this month, in all, waiting and taken back. */
function PayoutTotals({ payouts }: { payouts: SalesOverview['payouts'] }) {
  const totals = [
    { label: SALES_TEXTS.paidThisWeek, value: payouts.paid_this_week },
    { label: SALES_TEXTS.paidThisMonth, value: payouts.paid_this_month },
    { label: SALES_TEXTS.paidTotal, value: payouts.paid_total },
    { label: SALES_TEXTS.pending, value: payouts.pending },
    { label: SALES_TEXTS.reversed, value: payouts.reversed },
  ];
  return (
    <div>
      <h4 id="sales-payouts-heading" className={subheading}>
        {SALES_TEXTS.payoutsHeading}
      </h4>
      <p className="text-sm text-ink-muted">{SALES_TEXTS.payoutsNote}</p>
      <dl
        aria-labelledby="sales-payouts-heading"
        className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5"
      >
        {totals.map((t) => (
          <div key={t.label} className="rounded-xl bg-sand-100 px-3 py-2.5">
            <dt className="text-xs font-medium text-ink-muted">{t.label}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-forest-900">{formatMoney(t.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Sales and net payouts by day or by week: the chart, and the same figures as a table. */
function SalesOverTime({ sales }: { sales: SalesOverview }) {
  const [period, setPeriod] = useState<Period>('daily');
  const current = PERIODS.find((p) => p.id === period)!;
  const buckets = sales[period];
  // Gross: a sale refunded since still counts, so the history stays (issue 24 point 6).
  const hasSales = sales.weekly.some((b) => b.orders > 0 || Number(b.refunds) > 0);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className={subheading}>
          {SALES_TEXTS.chartTitle}: {current.label}
        </h4>
        <fieldset className="inline-flex gap-1">
          <legend className="sr-only">{SALES_TEXTS.periodLabel}</legend>
          {PERIODS.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={p.id === period}
              onClick={() => setPeriod(p.id)}
              className={cx(
                'min-h-9 rounded-full px-3 text-sm font-medium transition-colors',
                p.id === period
                  ? 'bg-forest-900 text-cream'
                  : 'border border-forest-900/25 text-forest-900 hover:bg-sage-50',
              )}
            >
              {p.button}
            </button>
          ))}
        </fieldset>
      </div>
      {hasSales ? (
        <>
          <div className="mt-3">
            <Suspense fallback={<Skeleton className="h-56 w-full rounded-card" />}>
              <SalesChart buckets={buckets} period={current.label} />
            </Suspense>
          </div>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-forest-800 underline">
              {SALES_TEXTS.showTable}
            </summary>
            <FiguresTable
              className="mt-2 w-full text-sm"
              caption={`${SALES_TEXTS.chartTitle}: ${current.label}`}
              captionClassName="sr-only"
              columns={[
                period === 'daily' ? SALES_TEXTS.day : SALES_TEXTS.week,
                SALES_TEXTS.orders,
                SALES_TEXTS.sales,
                SALES_TEXTS.refunds,
                SALES_TEXTS.netPayouts,
              ]}
              rowHeadClassName="font-normal tabular-nums"
              rows={[...buckets].reverse().map((b) => ({
                key: b.start,
                head: b.start,
                figures: [
                  b.orders,
                  formatMoney(b.sales),
                  formatMoney(b.refunds),
                  formatMoney(b.net_payouts),
                ],
              }))}
            />
          </details>
        </>
      ) : (
        <p className="mt-3 text-ink-muted">{SALES_TEXTS.noSales}</p>
      )}
    </div>
  );
}

/** Best sellers by day: quantity and item sales, and what was refunded of them. */
function BestSellers({ sellers }: { sellers: SalesOverview['best_sellers'] }) {
  if (!sellers.length) {
    return (
      <>
        <h4 className={subheading}>{SALES_TEXTS.bestSellers}</h4>
        <p className="mt-1 text-sm text-ink-muted">{SALES_TEXTS.noSales}</p>
      </>
    );
  }
  return (
    <FiguresTable
      caption={`${SALES_TEXTS.bestSellers} (${SALES_TEXTS.daily.toLowerCase()})`}
      captionClassName={cx(subheading, 'text-left')}
      columns={[
        SALES_TEXTS.product,
        SALES_TEXTS.quantity,
        SALES_TEXTS.itemSales,
        SALES_TEXTS.refundedQuantity,
        SALES_TEXTS.itemRefunds,
      ]}
      rows={sellers.map((b) => ({
        key: `${b.product_id ?? 'gone'}-${b.name}`,
        head: b.name,
        figures: [b.quantity, formatMoney(b.sales), b.refunded_quantity, formatMoney(b.refunds)],
      }))}
    />
  );
}

function SalesFigures({ sales }: { sales: SalesOverview }) {
  return (
    <div className="space-y-6">
      <PayoutTotals payouts={sales.payouts} />
      <SalesOverTime sales={sales} />
      <div className="grid gap-6 md:grid-cols-2">
        <FiguresTable
          caption={SALES_TEXTS.ordersByStatus}
          captionClassName={cx(subheading, 'text-left')}
          columns={[SALES_TEXTS.status, SALES_TEXTS.orders]}
          headerHidden
          rows={ORDER_STATUSES.map((s) => ({
            key: s,
            head: s,
            figures: [sales.orders_by_status[s] ?? 0],
          }))}
        />
        <div>
          <BestSellers sellers={sales.best_sellers} />
        </div>
      </div>
    </div>
  );
}
