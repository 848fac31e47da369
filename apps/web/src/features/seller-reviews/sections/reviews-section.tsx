import type { SellerReview } from '@leafline/contract/reviews';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@leafline/contract/reviews-texts';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { type FormEvent, useState } from 'react';
import { RatingStars } from '@/components/product/rating-stars';
import { PressedChoice } from '@/components/seller/pressed-choice';
import { EmptyList, type ListStates, SellerList } from '@/components/seller/seller-list';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSectionPage } from '@/lib/seller/use-section-page';
import { type ReviewsOrder, useBusinessReviews } from '../api/get-business-reviews';
import { useReplyToReview } from '../api/reply-to-review';
import { SELLER_REVIEWS_TEXTS as TEXTS } from '../lib/seller-reviews-texts';

const LIST: ListStates = {
  failedText: TEXTS.failed,
  loadingLabel: TEXTS.loading,
  skeleton: { rows: 3, className: 'h-32 w-full rounded-card', gap: 'gap-3' },
  pagesLabel: TEXTS.pagesLabel,
};

const ORDERS: readonly ReviewsOrder[] = ['newest', 'lowest'];

/** The brand's reply: shown, or written and edited in place. */
function ReplyEditor({ businessId, review }: { businessId: number; review: SellerReview }) {
  const toast = useToast();
  const reply = useReplyToReview(businessId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = text.trim();
    if (body.length < 1 || body.length > REVIEW_LIMITS.reply) {
      setError(REVIEW_MESSAGES.reply);
      return;
    }
    setError(null);
    reply.mutate(
      { reviewId: review.id, body },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(TEXTS.replySaved);
        },
        onError: (failure) => setError(errorMessage(failure, TEXTS.replyFailed)),
      },
    );
  };
  if (!editing) {
    return (
      <div className="mt-3 flex flex-col gap-2">
        {review.reply ? (
          <div className="rounded-xl bg-sage-50 px-3 py-2 text-sm">
            <p className="font-medium text-forest-900">{TEXTS.yourReply}</p>
            <p className="mt-1 whitespace-pre-line">{review.reply.body}</p>
          </div>
        ) : null}
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setText(review.reply?.body ?? '');
              setEditing(true);
            }}
          >
            {review.reply ? TEXTS.editReply : TEXTS.reply}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
      <TextareaField
        label={TEXTS.replyLabel(review.author_name)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={REVIEW_LIMITS.reply}
        rows={3}
        error={error ?? undefined}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={reply.isPending}>
          {TEXTS.saveReply}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(false)}>
          {TEXTS.cancel}
        </Button>
      </div>
    </form>
  );
}

function ReviewRow({ businessId, review }: { businessId: number; review: SellerReview }) {
  const headingId = `seller-review-${review.id}`;
  const options = Object.entries(review.variant_options ?? {});
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft"
      data-testid="seller-review"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars value={review.rating} />
        <h3 id={headingId} className="font-sans text-base font-semibold text-forest-900">
          {review.title || review.product_name}
        </h3>
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        {review.product_name}
        {options.length ? ` · ${options.map(([k, v]) => `${k}: ${v}`).join(', ')}` : ''} ·{' '}
        {review.author_name} · {TEXTS.verified} ·{' '}
        <time dateTime={review.created_at}>{review.created_at.slice(0, 10)}</time>
      </p>
      <p className="mt-2 whitespace-pre-line">{review.body}</p>
      <ReplyEditor businessId={businessId} review={review} />
    </li>
  );
}

/**
 * The dashboard's Reviews section (issue 27): what buyers wrote of the business's products,
 * newest or lowest rating first, each answered (or its answer edited) in place.
 */
export function ReviewsSection({ businessId }: { businessId: number }) {
  const [order, setOrder] = useState<ReviewsOrder>('newest');
  const [page, setPage] = useSectionPage(businessId);
  const query = useBusinessReviews(businessId, page, order);
  return (
    <div className="flex flex-col gap-4">
      <PressedChoice
        legend={TEXTS.orderLabel}
        options={ORDERS}
        labels={TEXTS.orders}
        value={order}
        onChange={(next) => {
          setOrder(next);
          setPage(1);
        }}
      />
      <SellerList
        query={query}
        {...LIST}
        empty={<EmptyList icon={MessageSquareText} title={TEXTS.empty} hint={TEXTS.emptyHint} />}
        page={page}
        onPageChange={setPage}
      >
        {({ items, total }) => (
          <>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {TEXTS.count(total)}
            </p>
            <ul className="flex flex-col gap-3" aria-busy={query.isFetching || undefined}>
              {items.map((review) => (
                <ReviewRow key={review.id} businessId={businessId} review={review} />
              ))}
            </ul>
          </>
        )}
      </SellerList>
    </div>
  );
}
