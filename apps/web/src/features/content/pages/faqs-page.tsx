import { BRAND_NAME } from '@leafline/contract/constants';
import CircleHelp from 'lucide-react/icons/circle-help';
import { Link } from 'react-router';
import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import type { PrepareContext } from '@/lib/route-prepare';
import { faqQueryOptions, useFaq } from '../api/content-queries';
import { ContentPage, ContentPageHeader } from '../components/content-page-header';
import { FaqList } from '../components/faq-list';
import { LoadError } from '../components/load-error';
import { CONTENT_TEXTS } from '../lib/content-texts';

/** At start-up on /faqs: the questions, so the first render shows them. */
export async function prepareFaqsPage({ queryClient }: PrepareContext): Promise<void> {
  await queryClient.prefetchQuery(faqQueryOptions());
}

export function FaqsPage() {
  useDocumentTitle('FAQ');
  const faq = useFaq();
  return (
    <ContentPage>
      <ContentPageHeader eyebrow="FAQ" icon={CircleHelp} title="Frequently asked questions">
        <p>
          How we vet brands, what makes {BRAND_NAME} different, prices, returns, payments and
          joining as a seller — tap a question to read the answer.
        </p>
      </ContentPageHeader>

      <div className="mx-auto w-full max-w-3xl">
        {faq.isPending ? (
          <FaqSkeleton />
        ) : faq.isError ? (
          <LoadError
            message={CONTENT_TEXTS.faqLoadError}
            onRetry={() => void faq.refetch()}
            retrying={faq.isFetching}
          />
        ) : faq.data.length === 0 ? (
          <p className="text-ink-muted">
            {CONTENT_TEXTS.faqEmpty}{' '}
            <Link to="/shop" className="font-medium text-forest-900 underline">
              Browse the shop
            </Link>
          </p>
        ) : (
          <FaqList groups={faq.data} />
        )}
        <p className="mt-10 text-ink-muted">
          Still wondering about something? Read{' '}
          <Link to="/sustainability" className="font-medium text-forest-900 underline">
            our sustainability standards
          </Link>{' '}
          or, if you run a brand,{' '}
          <Link to="/for-businesses" className="font-medium text-forest-900 underline">
            how selling here works
          </Link>
          .
        </p>
      </div>
    </ContentPage>
  );
}

function FaqSkeleton() {
  return (
    <LoadingRegion label="Loading questions…" className="flex flex-col gap-5">
      {[0, 1, 2].map((group) => (
        <div key={group} className="rounded-card border border-sand-300 bg-white/70 p-5 sm:p-6">
          <Skeleton className="h-7 w-1/2" />
          <div className="mt-6 flex flex-col gap-5">
            <Skeletons shapes={['h-5 w-11/12', 'h-5 w-4/5', 'h-5 w-5/6']} />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
