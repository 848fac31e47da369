import Store from 'lucide-react/icons/store';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTokenOnEntry } from '@/components/auth/login-gate';
import { buttonClasses } from '@/components/ui/button';
import { QueryView, RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useBusinessOverview } from '../api/get-business-overview';
import { useOwnedBusinesses } from '../api/get-owned-businesses';
import { BusinessSelector } from '../components/business-selector';
import { DashboardHelp } from '../components/dashboard-help';
import { OverviewPanel } from '../components/overview-panel';
import { SectionNav } from '../components/section-nav';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';
import {
  type DashboardSection,
  DEFAULT_SECTION,
  isDashboardSection,
  SECTION_INFO,
} from '../lib/sections';
import { chooseBusiness, readRememberedBusiness, rememberBusiness } from '../lib/selected-business';
import { LiveOrders } from '../live/live-orders';
import { AddProductSection } from '../sections/add-product-section';
import { EditBusinessSection } from '../sections/edit-business-section';
import { LogisticsSection } from '../sections/logistics-section';
import { OrdersSection } from '../sections/orders-section';
import { OverviewSection } from '../sections/overview-section';
import { ProductsSection } from '../sections/products-section';
import { ShopifySection } from '../sections/shopify-section';

/** /dashboard/*: the dashboard on its own page. */
export function DashboardPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Dashboard basePath="/dashboard" registerPath="/registerbusiness" />
    </div>
  );
}

/** /account/business/*: the same dashboard inside the account area. */
export function AccountDashboardPage() {
  return <Dashboard basePath="/account/business" registerPath="/account/registerbusiness" />;
}

interface DashboardProps {
  /** Where the sections' addresses start: /dashboard or /account/business. */
  basePath: string;
  registerPath: string;
}

/**
 * SPEC §2 Business dashboard, DESIGN 2.18: without a token it goes to /logout/; else the
 * business selector, the overview strip, and the section of the address (orders by default),
 * for the business of the address (`?business=`), remembered for the next visit. The strip is
 * short and the sales figures are a section of their own (issue 24), so the working section
 * starts within the first screen, at 1280 × 800 as on a phone.
 */
function Dashboard(props: DashboardProps) {
  useDocumentTitle(DASHBOARD_TEXTS.title);
  const hadToken = useTokenOnEntry();
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  if (!hadToken) return <Navigate to="/logout" replace />;
  const section = rest.split('/')[0];
  if (!isDashboardSection(section)) {
    return <Navigate to={`${props.basePath}/${DEFAULT_SECTION}${search}`} replace />;
  }
  return (
    <div className="@container">
      {/* The help button sits beside the title, in the page's flow: it never covers a control. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">{DASHBOARD_TEXTS.title}</h1>
        <DashboardHelp />
      </div>
      <OwnedBusinesses {...props} section={section} />
    </div>
  );
}

function OwnedBusinesses({
  basePath,
  registerPath,
  section,
}: DashboardProps & { section: DashboardSection }) {
  const navigate = useNavigate();
  const businesses = useOwnedBusinesses();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get('business');
  const list = businesses.data?.businesses;
  const selected = list
    ? chooseBusiness(
        list.map((b) => b.id),
        fromUrl,
        readRememberedBusiness(),
      )
    : null;

  // The address always names the business shown (reload and share keep it), and it is
  // remembered for the next visit.
  useEffect(() => {
    if (selected === null) return;
    rememberBusiness(selected);
    if (fromUrl !== String(selected)) {
      setSearchParams({ business: String(selected) }, { replace: true });
    }
  }, [selected, fromUrl, setSearchParams]);

  if (businesses.isPending) {
    return (
      <LoadingRegion label="Loading your businesses…" className="mt-6 grid gap-4">
        <Skeleton className="h-11 w-64" />
        <Skeleton className="h-40 w-full rounded-card" />
      </LoadingRegion>
    );
  }
  if (businesses.isError) {
    return (
      <RetryNotice
        className="mt-6"
        message={errorMessage(businesses.error, DASHBOARD_TEXTS.businessesFailed)}
        onRetry={() => void businesses.refetch()}
        retrying={businesses.isFetching}
      />
    );
  }
  if (selected === null || !list) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-card border border-sand-300 bg-sand-100 px-6 py-12 text-center">
        <Store aria-hidden="true" className="size-10 text-sage-700" />
        <p className="mt-4 text-xl font-semibold text-forest-900">{DASHBOARD_TEXTS.noBusinesses}</p>
        <p className="mt-2 max-w-md text-ink-muted">{DASHBOARD_TEXTS.noBusinessesHint}</p>
        <Link to={registerPath} className={`${buttonClasses('primary')} mt-6`}>
          {DASHBOARD_TEXTS.registerLink}
        </Link>
      </div>
    );
  }

  // The effect above remembers it once the address names it.
  const onSelect = (id: number) => {
    navigate(`${basePath}/${section}?business=${id}`);
  };

  return (
    <div className="mt-6 flex flex-col gap-6">
      {/* The live order stream, open whatever section is shown (keyed: one a business). */}
      <LiveOrders key={selected} businessId={selected} />
      <BusinessSelector businesses={list} selected={selected} onSelect={onSelect} />
      <Overview businessId={selected} />
      <div className="grid gap-4 @3xl:grid-cols-[13rem_minmax(0,1fr)] @3xl:gap-8">
        <SectionNav basePath={basePath} businessId={selected} />
        <section aria-labelledby="dashboard-section-heading" className="min-w-0">
          <h2 id="dashboard-section-heading" className="text-2xl font-semibold">
            {SECTION_INFO[section].label}
          </h2>
          {/* Keyed by business: a form never carries one business's values to another. */}
          <div className="mt-4" key={`${selected}-${section}`}>
            {renderSection(section, selected)}
          </div>
        </section>
      </div>
    </div>
  );
}

function renderSection(section: DashboardSection, businessId: number): ReactNode {
  switch (section) {
    case 'orders':
      return <OrdersSection businessId={businessId} />;
    case 'add':
      return <AddProductSection businessId={businessId} />;
    case 'products':
      return <ProductsSection businessId={businessId} />;
    case 'shopify':
      return <ShopifySection businessId={businessId} />;
    case 'logistics':
      return <LogisticsSection businessId={businessId} />;
    case 'editbiz':
      return <EditBusinessSection businessId={businessId} />;
    case 'overview':
      return <OverviewSection businessId={businessId} />;
  }
}

function Overview({ businessId }: { businessId: number }) {
  const overview = useBusinessOverview(businessId);
  return (
    <QueryView
      query={overview}
      failedText={DASHBOARD_TEXTS.overviewFailed}
      loading={
        <LoadingRegion label="Loading the business overview…">
          <Skeleton className="h-20 w-full rounded-card" />
        </LoadingRegion>
      }
    >
      {(data) => <OverviewPanel overview={data} />}
    </QueryView>
  );
}
