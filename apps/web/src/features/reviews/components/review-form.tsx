import { type Review, type ReviewCreateBody, reviewCreateBody } from '@leafline/contract/reviews';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@leafline/contract/reviews-texts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver, formField, setServerErrors } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCreateReview, useEditReview } from '../api/review-mutations';
import { REVIEWS_TEXTS as TEXTS } from '../lib/reviews-texts';
import { StarPicker } from './star-picker';

interface Values {
  rating: number | undefined;
  title: string;
  body: string;
}

/**
 * Write a review, or (given `review`) edit one's own: a rating, an optional title and the
 * text, checked with the contract's schema (its messages) before anything is sent.
 */
export function ReviewForm({
  productId,
  review,
  onDone,
  onCancel,
}: {
  productId: number;
  /** The buyer's review, to edit; a new one without it. */
  review?: Review;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const toast = useToast();
  const create = useCreateReview(productId);
  const edit = useEditReview(productId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, ReviewCreateBody>({
    resolver: contractResolver(reviewCreateBody),
    defaultValues: {
      rating: review?.rating,
      title: review?.title ?? '',
      body: review?.body ?? '',
    },
  });

  const onError = (error: unknown) => {
    if (isApiError(error, 400) && error.fields) setServerErrors(form, error.fields);
    else setFailure(errorMessage(error, TEXTS.saveFailed));
  };

  const onValid = ({ rating, title, body }: ReviewCreateBody) => {
    if (review) {
      edit.mutate(
        { reviewId: review.id, json: { rating, title: title ?? '', body } },
        {
          onSuccess: (saved) => {
            toast.success(saved.message || REVIEW_MESSAGES.updated);
            onDone?.();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(title ? { rating, title, body } : { rating, body }, {
      onSuccess: (saved) => {
        toast.success(saved.message || REVIEW_MESSAGES.created);
        form.reset({ rating: undefined, title: '', body: '' });
        onDone?.();
      },
      onError,
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFailure(null);
        void form.handleSubmit(onValid)(event);
      }}
      className="flex flex-col gap-4"
      aria-label={review ? TEXTS.yourReview : TEXTS.write}
    >
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarPicker
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label={TEXTS.titleLabel}
        hint={TEXTS.titleHint}
        maxLength={REVIEW_LIMITS.title}
        autoComplete="off"
        {...formField(form, 'title')}
      />
      <TextareaField
        label={TEXTS.bodyLabel}
        hint={TEXTS.bodyHint}
        required
        rows={5}
        {...formField(form, 'body')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={create.isPending || edit.isPending}>
          {review ? TEXTS.save : TEXTS.submit}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {TEXTS.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
