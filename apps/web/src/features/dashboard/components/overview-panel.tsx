import type { BusinessOverview, StripeStatus } from '@leafline/contract/business';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Clock from 'lucide-react/icons/clock';
import Store from 'lucide-react/icons/store';
import Wallet from 'lucide-react/icons/wallet';
import { Link } from 'react-router';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';
import { PayoutSetupLink } from './payout-setup-link';
import { SalesBlock } from './sales-block';

const PAYOUT_STATUS: Record<StripeStatus, { label: string; className: string }> = {
  active: { label: DASHBOARD_TEXTS.payoutsActive, className: 'bg-success-bg text-success-fg' },
  pending: { label: DASHBOARD_TEXTS.payoutsPending, className: 'bg-warning-bg text-warning-fg' },
  restricted: {
    label: DASHBOARD_TEXTS.payoutsRestricted,
    className: 'bg-error-bg text-error-fg',
  },
};

const pill =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** The overview panel: logo, name, verified badge, payout status (and its setup link), figures. */
export function OverviewPanel({ overview }: { overview: BusinessOverview }) {
  const payout = PAYOUT_STATUS[overview.stripe_status];
  const { stats } = overview;
  const figures = [
    { label: DASHBOARD_TEXTS.statProducts, value: String(stats.product_count) },
    { label: DASHBOARD_TEXTS.statOrders, value: String(stats.order_count) },
    { label: DASHBOARD_TEXTS.statToShip, value: String(stats.to_ship_count) },
    {
      label: DASHBOARD_TEXTS.statPayouts,
      value: formatMoney(stats.payouts_total),
      note:
        Number(stats.payouts_waiting) > 0
          ? `${formatMoney(stats.payouts_waiting)} ${DASHBOARD_TEXTS.statPayoutsWaiting}`
          : undefined,
    },
  ];
  return (
    <section
      aria-labelledby="overview-heading"
      className="rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-sand-300 bg-sand-100">
          {overview.logonew ? (
            <ResponsiveImage
              src={overview.logonew}
              alt={`${overview.name} logo`}
              width={64}
              height={64}
              sizes="64px"
              priority
              className="size-full object-cover"
            />
          ) : (
            <Store aria-hidden="true" className="size-7 text-sage-700" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h2 id="overview-heading" className="text-2xl font-semibold break-words">
            {overview.name}
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            {overview.verified ? (
              <span className={cx(pill, 'bg-sage-100 text-forest-900')}>
                <BadgeCheck aria-hidden="true" className="size-3.5" />
                {DASHBOARD_TEXTS.verified}
              </span>
            ) : (
              <span className={cx(pill, 'bg-sand-200 text-ink-muted')}>
                {DASHBOARD_TEXTS.notVerified}
              </span>
            )}
            <span className={cx(pill, payout.className)} data-testid="payout-status">
              {overview.stripe_status === 'pending' ? (
                <Clock aria-hidden="true" className="size-3.5" />
              ) : (
                <Wallet aria-hidden="true" className="size-3.5" />
              )}
              {payout.label}
            </span>
          </div>
          <Link
            to={`/businessproducts/${overview.id}`}
            className="mt-2 inline-flex min-h-9 items-center text-sm font-medium text-forest-800 underline"
          >
            {DASHBOARD_TEXTS.viewStorefront}
          </Link>
        </div>
      </div>
      {overview.stripe_status === 'pending' ? (
        <div className="mt-4">
          <PayoutSetupLink accountId={overview.stripe_account_id} businessId={overview.id} />
        </div>
      ) : null}
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl bg-sand-100 px-3 py-2.5">
            <dt className="text-xs font-medium text-ink-muted">{figure.label}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-forest-900">{figure.value}</dd>
            {figure.note ? <dd className="text-xs text-ink-muted">{figure.note}</dd> : null}
          </div>
        ))}
      </dl>
      <SalesBlock businessId={overview.id} />
    </section>
  );
}
