import { BRAND_NAME } from '@leafline/contract/constants';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

/*
 * Pages that later releases build. Each says plainly what will be here; the router loads
 * this file lazily, and each page moves to its feature folder when it is built.
 */

export function RegisterBusinessPage() {
  return (
    <PagePlaceholder
      title="Register your business"
      description={`Selling on ${BRAND_NAME} starts here: the business registration form and payout onboarding are coming soon.`}
    />
  );
}

export function DashboardPage() {
  return (
    <PagePlaceholder
      title="Business dashboard"
      description="Your orders, products, shipping fees, store sync and business profile will be managed here."
    />
  );
}
