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

/**
 * The overview strip (SPEC §2 overview panel; issue 24): logo, name, verified badge, payout
 * status (and its setup link), the four figures, in a short band, so the working section
 * starts near the top. The sales chart and best sellers are the Overview section's.
 */
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
      className="rounded-card border border-sand-300 bg-white/70 px-3 py-3 shadow-soft sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-[1_1_16rem] items-center gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-sand-300 bg-sand-100">
            {overview.logonew ? (
              <ResponsiveImage
                src={overview.logonew}
                alt={`${overview.name} logo`}
                width={48}
                height={48}
                sizes="48px"
                priority
                className="aspect-square size-full object-cover object-center"
              />
            ) : (
              <Store aria-hidden="true" className="size-6 text-sage-700" />
            )}
          </div>
          <div className="min-w-0">
            <h2 id="overview-heading" className="text-lg leading-snug font-semibold break-words">
              {overview.name}
            </h2>
            <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
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
              <Link
                to={`/businessproducts/${overview.id}`}
                className="inline-flex min-h-6 items-center text-sm font-medium text-forest-800 underline"
              >
                {DASHBOARD_TEXTS.viewStorefront}
              </Link>
            </div>
          </div>
        </div>
        <dl className="flex flex-wrap gap-2">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg bg-sand-100 px-2.5 py-1.5">
              <dt className="text-xs font-medium text-ink-muted">{figure.label}</dt>
              <dd className="text-base font-semibold whitespace-nowrap text-forest-900 tabular-nums">
                {figure.value}
              </dd>
              {figure.note ? <dd className="text-xs text-ink-muted">{figure.note}</dd> : null}
            </div>
          ))}
        </dl>
      </div>
      {overview.stripe_status === 'pending' ? (
        <div className="mt-3">
          <PayoutSetupLink accountId={overview.stripe_account_id} businessId={overview.id} />
        </div>
      ) : null}
    </section>
  );
}
