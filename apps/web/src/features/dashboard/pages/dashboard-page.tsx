import Store from 'lucide-react/icons/store';
import { type ComponentType, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTokenOnEntry } from '@/components/auth/login-gate';
import { type QueryStates, querySection } from '@/components/seller/section-query';
import { buttonClasses } from '@/components/ui/button';
import { RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useBusinessOverview } from '@/lib/api/get-business-overview';
import { useOwnedBusinesses } from '@/lib/api/get-owned-businesses';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import {
  type DashboardSection,
  DEFAULT_SECTION,
  isDashboardSection,
} from '@/lib/seller/dashboard-sections';
import { BusinessSelector } from '../components/business-selector';
import { DashboardHelp } from '../components/dashboard-help';
import { OverviewPanel } from '../components/overview-panel';
import { SectionNav } from '../components/section-nav';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';
import { SECTION_INFO } from '../lib/sections';
import { chooseBusiness, readRememberedBusiness, rememberBusiness } from '../lib/selected-business';

/** What a dashboard part is given: the business selected. */
export type DashboardPart = ComponentType<{ businessId: number }>;

/**
 * The seller features the dashboard shows, handed in by the app (a feature never imports
 * another): each section's content, and what stays mounted whatever section is shown.
 */
export interface DashboardParts {
  sections: Record<DashboardSection, DashboardPart>;
  /** Kept open while the dashboard is (the live order stream), one per business. */
  background: DashboardPart;
}

/** /dashboard/*: the dashboard on its own page. */
export function DashboardPage({ parts }: { parts: DashboardParts }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Dashboard basePath="/dashboard" registerPath="/registerbusiness" parts={parts} />
    </div>
  );
}

/** /account/business/*: the same dashboard inside the account area. */
export function AccountDashboardPage({ parts }: { parts: DashboardParts }) {
  return (
    <Dashboard
      basePath="/account/business"
      registerPath="/account/registerbusiness"
      parts={parts}
    />
  );
}

interface DashboardProps {
  /** Where the sections' addresses start: /dashboard or /account/business. */
  basePath: string;
  registerPath: string;
  parts: DashboardParts;
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
  parts,
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

  const Section = parts.sections[section];
  // The effect above remembers it once the address names it.
  const onSelect = (id: number) => {
    navigate(`${basePath}/${section}?business=${id}`);
  };

  return (
    <div className="mt-6 flex flex-col gap-6">
      {/* The live order stream, open whatever section is shown (keyed: one a business). */}
      <parts.background key={selected} businessId={selected} />
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
            <Section businessId={selected} />
          </div>
        </section>
      </div>
    </div>
  );
}

/** What the section shows while its data loads, or when that failed. */
const LOADING: QueryStates = {
  failedText: DASHBOARD_TEXTS.overviewFailed,
  loadingLabel: 'Loading the business overview…',
  shapes: ['h-20 w-full rounded-card'],
};

const Overview = querySection(useBusinessOverview, LOADING, (overview) => (
  <OverviewPanel overview={overview} />
));
