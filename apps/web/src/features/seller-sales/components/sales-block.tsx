import { ORDER_STATUSES } from '@leafline/contract/constants';
import { SALES_TEXTS, type SalesBucket, type SalesOverview } from '@leafline/contract/seller-money';
import { lazy, Suspense, useState } from 'react';
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

function SalesFigures({ sales }: { sales: SalesOverview }) {
  const [period, setPeriod] = useState<Period>('daily');
  const current = PERIODS.find((p) => p.id === period)!;
  const buckets = sales[period];
  // Gross: a sale refunded since still counts, so the history stays (issue 24 point 6).
  const hasSales = sales.weekly.some((b) => b.orders > 0 || Number(b.refunds) > 0);
  const totals = [
    { label: SALES_TEXTS.paidThisWeek, value: sales.payouts.paid_this_week },
    { label: SALES_TEXTS.paidThisMonth, value: sales.payouts.paid_this_month },
    { label: SALES_TEXTS.paidTotal, value: sales.payouts.paid_total },
    { label: SALES_TEXTS.pending, value: sales.payouts.pending },
    { label: SALES_TEXTS.reversed, value: sales.payouts.reversed },
  ];
  return (
    <div className="space-y-6">
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
              <dd className="mt-0.5 text-lg font-semibold text-forest-900">
                {formatMoney(t.value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>

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
              <BucketTable
                buckets={buckets}
                period={period}
                caption={`${SALES_TEXTS.chartTitle}: ${current.label}`}
              />
            </details>
          </>
        ) : (
          <p className="mt-3 text-ink-muted">{SALES_TEXTS.noSales}</p>
        )}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <table className="w-full text-sm">
          <caption className={cx(subheading, 'text-left')}>{SALES_TEXTS.ordersByStatus}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{SALES_TEXTS.status}</th>
              <th scope="col">{SALES_TEXTS.orders}</th>
            </tr>
          </thead>
          <tbody>
            {ORDER_STATUSES.map((s) => (
              <tr key={s} className="border-b border-sand-200">
                <th scope="row" className={cx(cell, 'font-normal')}>
                  {s}
                </th>
                <td className={number}>{sales.orders_by_status[s] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          {sales.best_sellers.length ? (
            <table className="w-full text-sm">
              <caption className={cx(subheading, 'text-left')}>
                {SALES_TEXTS.bestSellers} ({SALES_TEXTS.daily.toLowerCase()})
              </caption>
              <thead>
                <tr className="border-b border-sand-300 text-ink-muted">
                  <th scope="col" className={cell}>
                    {SALES_TEXTS.product}
                  </th>
                  <th scope="col" className={number}>
                    {SALES_TEXTS.quantity}
                  </th>
                  <th scope="col" className={number}>
                    {SALES_TEXTS.itemSales}
                  </th>
                  <th scope="col" className={number}>
                    {SALES_TEXTS.refundedQuantity}
                  </th>
                  <th scope="col" className={number}>
                    {SALES_TEXTS.itemRefunds}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.best_sellers.map((b) => (
                  <tr
                    key={`${b.product_id ?? 'gone'}-${b.name}`}
                    className="border-b border-sand-200"
                  >
                    <th scope="row" className={cx(cell, 'font-normal')}>
                      {b.name}
                    </th>
                    <td className={number}>{b.quantity}</td>
                    <td className={number}>{formatMoney(b.sales)}</td>
                    <td className={number}>{b.refunded_quantity}</td>
                    <td className={number}>{formatMoney(b.refunds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <>
              <h4 className={subheading}>{SALES_TEXTS.bestSellers}</h4>
              <p className="mt-1 text-sm text-ink-muted">{SALES_TEXTS.noSales}</p>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** The chart's figures as a table: the same buckets, for screen readers and for reading off. */
function BucketTable({
  buckets,
  period,
  caption,
}: {
  buckets: readonly SalesBucket[];
  period: Period;
  caption: string;
}) {
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-sand-300 text-ink-muted">
          <th scope="col" className={cell}>
            {period === 'daily' ? SALES_TEXTS.day : SALES_TEXTS.week}
          </th>
          <th scope="col" className={number}>
            {SALES_TEXTS.orders}
          </th>
          <th scope="col" className={number}>
            {SALES_TEXTS.sales}
          </th>
          <th scope="col" className={number}>
            {SALES_TEXTS.refunds}
          </th>
          <th scope="col" className={number}>
            {SALES_TEXTS.netPayouts}
          </th>
        </tr>
      </thead>
      <tbody>
        {[...buckets].reverse().map((b) => (
          <tr key={b.start} className="border-b border-sand-200">
            <th scope="row" className={cx(cell, 'font-normal tabular-nums')}>
              {b.start}
            </th>
            <td className={number}>{b.orders}</td>
            <td className={number}>{formatMoney(b.sales)}</td>
            <td className={number}>{formatMoney(b.refunds)}</td>
            <td className={number}>{formatMoney(b.net_payouts)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
