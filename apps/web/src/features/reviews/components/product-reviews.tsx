import type { Review } from '@leafline/contract/reviews';
import { REVIEW_MESSAGES, REVIEW_SORTS, type ReviewSort } from '@leafline/contract/reviews-texts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryNotice } from '@/components/ui/retry-notice';
import { SelectField } from '@/components/ui/select-field';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/use-toast';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { errorMessage } from '@/lib/api-client';
import { useHasAccessToken } from '@/lib/auth-tokens';
import { useMyReview } from '../api/get-my-review';
import { useProductReviews } from '../api/get-reviews';
import { useReportReview } from '../api/review-mutations';
import { REVIEWS_TEXTS as TEXTS } from '../lib/reviews-texts';
import { MyReview } from './my-review';
import { ReviewItem } from './review-item';
import { ReviewSummary } from './review-summary';

export interface ProductReviewsProps {
  productId: number;
  /** The brand that sells the product, which may answer each review. */
  businessName: string;
}

const SORT_OPTIONS = REVIEW_SORTS.map((value) => ({ value, label: TEXTS.sorts[value] }));

/** A review written while the buyer read page 1 pushes one of it onto page 2: shown once. */
function uniqueById(reviews: Review[]): Review[] {
  const seen = new Set<number>();
  return reviews.filter((review) => !seen.has(review.id) && seen.add(review.id));
}

/** The reviews' shape while they load. */
function ReviewsSkeleton() {
  return (
    <LoadingRegion label={TEXTS.loading} className="mt-6 flex flex-col gap-4">
      <Skeletons shapes={['h-8 w-48', 'h-24 w-full max-w-sm', 'h-28 w-full', 'h-28 w-full']} />
    </LoadingRegion>
  );
}

/**
 * The product page's reviews (issue 27), under its "Reviews" heading: the ratings' summary,
 * the signed-in buyer's own review or the form to write one, then the reviews, sorted as
 * chosen, ten at a time. Signed in, another buyer's review can be reported.
 */
export function ProductReviews({ productId, businessName }: ProductReviewsProps) {
  const signedIn = useHasAccessToken();
  const [sort, setSort] = useState<ReviewSort>('recent');
  const reviews = useProductReviews(productId, sort);
  const mine = useMyReview(productId, signedIn);
  const myReviewId = signedIn ? mine.data?.review?.id : undefined;

  if (reviews.isPending) return <ReviewsSkeleton />;
  if (reviews.isError) {
    return (
      <RetryNotice
        className="mt-6"
        message={errorMessage(reviews.error, TEXTS.failed)}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  }

  const { summary } = reviews.data.pages[0]!;
  const list = uniqueById(reviews.data.pages.flatMap((page) => page.results));

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-12">
      <div className="flex flex-col gap-8">
        {summary.count > 0 ? (
          <ReviewSummary summary={summary} />
        ) : (
          <p className="text-ink-muted">{TEXTS.none}</p>
        )}
        {signedIn && mine.data ? (
          <MyReview
            productId={productId}
            businessName={businessName}
            canReview={mine.data.can_review}
            review={mine.data.review}
          />
        ) : null}
      </div>

      {list.length > 0 ? (
        <div className="flex flex-col gap-6">
          <SelectField
            label={TEXTS.sortLabel}
            options={SORT_OPTIONS}
            value={sort}
            onChange={(event) => setSort(event.target.value as ReviewSort)}
            className="sm:max-w-60"
          />
          <ReviewList
            productId={productId}
            businessName={businessName}
            reviews={list}
            myReviewId={myReviewId}
            canReport={signedIn}
            busy={reviews.isPlaceholderData}
          />
          {reviews.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => void reviews.fetchNextPage()}
              loading={reviews.isFetchingNextPage}
            >
              {TEXTS.showMore}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ReviewList({
  productId,
  businessName,
  reviews,
  myReviewId,
  canReport,
  busy,
}: {
  productId: number;
  businessName: string;
  reviews: Review[];
  myReviewId: number | undefined;
  canReport: boolean;
  /** Another sort is being fetched: the old order stays until it comes. */
  busy: boolean;
}) {
  const toast = useToast();
  const report = useReportReview(productId);
  const confirm = useConfirmation<Review>();
  const [reported, setReported] = useState<ReadonlySet<number>>(() => new Set());

  const onConfirm = () => {
    const subject = confirm.subject;
    if (!subject) return;
    report.mutate(subject.id, {
      onSuccess: (answer) => {
        setReported((ids) => new Set(ids).add(subject.id));
        confirm.close();
        toast.success(answer.message || REVIEW_MESSAGES.reported);
      },
      onError: (error) => confirm.setError(errorMessage(error, TEXTS.reportFailed)),
    });
  };

  return (
    <>
      <ul aria-label={TEXTS.listLabel} aria-busy={busy || undefined} className="flex flex-col">
        {reviews.map((review) => (
          <li key={review.id} className="border-t border-sand-300 py-6 first:border-t-0 first:pt-0">
            <ReviewItem
              review={review}
              businessName={businessName}
              actions={
                canReport && review.id !== myReviewId ? (
                  reported.has(review.id) ? (
                    <p className="text-sm text-ink-muted">{TEXTS.reported}</p>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={TEXTS.reportLabel(review.author_name)}
                      onClick={() => confirm.ask(review)}
                    >
                      {TEXTS.report}
                    </Button>
                  )
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirm.subject !== null}
        onClose={confirm.close}
        title={TEXTS.reportTitle}
        description={TEXTS.reportDescription}
        confirmLabel={TEXTS.reportConfirm}
        onConfirm={onConfirm}
        busy={report.isPending}
        error={confirm.error}
      />
    </>
  );
}
