import { BRAND_NAME } from '@leafline/contract/constants';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import type { PrepareContext } from '@/lib/route-prepare';
import { partnersQueryOptions, usePartners } from '../api/content-queries';
import { ContentPage, ContentPageHeader } from '../components/content-page-header';
import { LoadError } from '../components/load-error';
import { PartnerCard } from '../components/partner-card';
import { CONTENT_TEXTS } from '../lib/content-texts';

/** At start-up on /partners: the partner list, so the first render shows it. */
export async function preparePartnersPage({ queryClient }: PrepareContext): Promise<void> {
  await queryClient.prefetchQuery(partnersQueryOptions());
}

export function PartnersPage() {
  useDocumentTitle('Partners');
  const partners = usePartners();
  return (
    <ContentPage>
      <ContentPageHeader eyebrow="Partners" icon={HeartHandshake} title="Our partners">
        <p>
          {BRAND_NAME} is a small team, so we lean on people who know more than we do. These
          organisations help us check materials and labour claims, and they do the work on the
          ground that a marketplace can't.
        </p>
      </ContentPageHeader>

      <section aria-label="Partner organisations">
        {partners.isPending ? (
          <PartnersSkeleton />
        ) : partners.isError ? (
          <LoadError
            message={CONTENT_TEXTS.partnersLoadError}
            onRetry={() => void partners.refetch()}
            retrying={partners.isFetching}
          />
        ) : partners.data.length === 0 ? (
          <p className="text-ink-muted">{CONTENT_TEXTS.partnersEmpty}</p>
        ) : (
          // biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it
          <ul role="list" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {partners.data.map((partner) => (
              <li key={partner.id}>
                <PartnerCard partner={partner} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="partners-join-heading"
        className="flex flex-col items-start gap-4 rounded-card border border-sand-300 bg-sage-50 p-6 sm:p-8"
      >
        <h2 id="partners-join-heading" className="text-2xl font-semibold">
          Run a sustainable brand?
        </h2>
        <p className="max-w-prose text-ink-muted">
          Partner organisations help us set the bar; brands are who shoppers meet. If you make
          things with care, we would love to hear from you.
        </p>
        <Link to="/for-businesses" className={buttonClasses('primary')}>
          Sell on {BRAND_NAME}
        </Link>
      </section>
    </ContentPage>
  );
}

function PartnersSkeleton() {
  return (
    <LoadingRegion label="Loading partners…" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((card) => (
        <div key={card} className="overflow-hidden rounded-card border border-sand-300 bg-white">
          <Skeleton className="aspect-[2/1] w-full rounded-none" />
          <div className="flex flex-col gap-3 p-5">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
