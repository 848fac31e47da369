import type { Review } from '@leafline/contract/reviews';
import { REVIEW_MESSAGES } from '@leafline/contract/reviews-texts';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/use-toast';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { errorMessage } from '@/lib/api-client';
import { useDeleteReview } from '../api/review-mutations';
import { REVIEWS_TEXTS as TEXTS } from '../lib/reviews-texts';
import { ReviewItem } from './review-item';

/**
 * The form, with its checks (react-hook-form and the contract's zod schemas, ~40 KB gzip), is a
 * chunk of its own: most who read a product's reviews may not write one, and the product page
 * evaluated that code for every visitor (Lighthouse: "Reduce unused JavaScript").
 */
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

function FormSkeleton() {
  return (
    <LoadingRegion label={TEXTS.formLoading} className="flex flex-col gap-3">
      <Skeletons shapes={['h-8 w-40', 'h-10 w-full', 'h-28 w-full', 'h-10 w-32']} />
    </LoadingRegion>
  );
}

/**
 * The signed-in buyer's part: their review with Edit and Delete, or the form to write one
 * when they may (they bought the product and have not reviewed it). Nothing otherwise.
 */
export function MyReview({
  productId,
  businessName,
  canReview,
  review,
}: {
  productId: number;
  businessName: string;
  canReview: boolean;
  review: Review | null;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteReview(productId);
  const confirm = useConfirmation<Review>();

  if (!review && !canReview) return null;

  const onDelete = () => {
    const subject = confirm.subject;
    if (!subject) return;
    remove.mutate(subject.id, {
      onSuccess: (answer) => {
        confirm.close();
        setEditing(false);
        toast.success(answer.message || REVIEW_MESSAGES.deleted);
      },
      onError: (error) => confirm.setError(errorMessage(error, TEXTS.deleteFailed)),
    });
  };

  return (
    <section
      aria-labelledby="my-review-heading"
      className="rounded-card border border-sand-300 bg-white/70 p-5 shadow-soft"
    >
      <h3 id="my-review-heading" className="mb-4 font-sans text-lg font-semibold text-forest-900">
        {review ? TEXTS.yourReview : TEXTS.write}
      </h3>
      {!review ? (
        <Suspense fallback={<FormSkeleton />}>
          <ReviewForm productId={productId} />
        </Suspense>
      ) : editing ? (
        <Suspense fallback={<FormSkeleton />}>
          <ReviewForm
            productId={productId}
            review={review}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <ReviewItem
          review={review}
          businessName={businessName}
          actions={
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                {TEXTS.edit}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => confirm.ask(review)}>
                {TEXTS.delete}
              </Button>
            </>
          }
        />
      )}
      <ConfirmDialog
        open={confirm.subject !== null}
        onClose={confirm.close}
        title={TEXTS.deleteTitle}
        description={TEXTS.deleteDescription}
        confirmLabel={TEXTS.deleteConfirm}
        onConfirm={onDelete}
        busy={remove.isPending}
        error={confirm.error}
      />
    </section>
  );
}
