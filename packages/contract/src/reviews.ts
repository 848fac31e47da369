import { z } from 'zod';
import { queryNumber } from './catalog';

/**
 * Reviews from buyers (issue 27, docs/decisions/0043): only a customer who bought a product may
 * review it, once; the brand that sells it may answer each review once; any signed-in account
 * may report one, and a review reported by REVIEW_LIMITS.reportsToHide accounts is hidden until
 * an operator looks. Every text is stored as written and shown as text, never as HTML.
 */

export * from './reviews-texts';

import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_SORTS } from './reviews-texts';

/** Whether a text holds a C0 control other than tab, line feed and carriage return, or DEL. */
export function hasControl(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .refine((v) => !hasControl(v), REVIEW_MESSAGES.controlCharacters)
    .transform((v) => v.trim())
    .refine((v) => {
      const length = Array.from(v).length;
      return length >= min && length <= max;
    }, message);

const rating = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(REVIEW_LIMITS.minRating, REVIEW_MESSAGES.rating)
  .max(REVIEW_LIMITS.maxRating, REVIEW_MESSAGES.rating);
const title = text(0, REVIEW_LIMITS.title, REVIEW_MESSAGES.title);
const body = text(REVIEW_LIMITS.bodyMin, REVIEW_LIMITS.body, REVIEW_MESSAGES.body);

/** `POST api/products/{id}/reviews/`. */
export const reviewCreateBody = z.object({ rating, title: title.optional(), body });
export type ReviewCreateBody = z.input<typeof reviewCreateBody>;

/** `PATCH api/reviews/{id}/`: what changes, at least one. */
export const reviewEditBody = z
  .object({ rating: rating.optional(), title: title.optional(), body: body.optional() })
  .refine(
    (v) => v.rating !== undefined || v.title !== undefined || v.body !== undefined,
    REVIEW_MESSAGES.nothingToChange,
  );
export type ReviewEditBody = z.input<typeof reviewEditBody>;

/** `POST api/business/reviews/{id}/reply/`: the brand's one answer (sent again, it is edited). */
export const reviewReplyBody = z.object({
  body: text(1, REVIEW_LIMITS.reply, REVIEW_MESSAGES.reply),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBody>;

export const reviewIdParams = z.object({ reviewId: z.string() });

/** `POST api/reviews/{id}/report/` takes no body (an empty one, `{}`, is accepted). */
export const reviewReportBody = z.object({}).nullish();

export const reviewsQuery = z.object({
  page: queryNumber('page'),
  page_size: queryNumber('page_size'),
  sort: z.enum(REVIEW_SORTS, { error: REVIEW_MESSAGES.sort }).optional(),
});

export const reviewReply = z.object({ body: z.string(), created_at: z.string() });

export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The author's first name and last initial ("Fern M."). */
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Every review is a buyer's (only buyers may write one). */
  verified_purchase: z.literal(true),
  /** The options of the variant bought ({"Size": "M"}), or null. */
  variant_options: z.record(z.string(), z.string()).nullable(),
  reply: reviewReply.nullable(),
});
export type Review = z.infer<typeof review>;

/** A product's ratings: the average (one decimal, null with none), how many, per star. */
export const reviewSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  histogram: z.object({
    '1': z.number().int(),
    '2': z.number().int(),
    '3': z.number().int(),
    '4': z.number().int(),
    '5': z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const reviewsResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(review),
  summary: reviewSummary,
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

/**
 * `GET api/products/{id}/reviews/mine/` (signed in): whether this account may review the
 * product (it bought it and has not reviewed it), and its review when it has one.
 */
export const myReviewResponse = z.object({
  can_review: z.boolean(),
  review: review.nullable(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponse>;

/** The answer of a create (201) or an edit: the message and the review as shown. */
export const reviewSavedResponse = z.object({ message: z.string(), review });
export type ReviewSavedResponse = z.infer<typeof reviewSavedResponse>;

/** The dashboard's Reviews section: newest first, or the lowest ratings first. */
export const SELLER_REVIEW_SORTS = ['newest', 'lowest'] as const;

/** `GET api/business/reviews/{businessId}/?page=&sort=` (the owner only). */
export const sellerReviewsQuery = z.object({
  page: queryNumber('page'),
  sort: z.enum(SELLER_REVIEW_SORTS, { error: 'sort must be newest or lowest.' }).optional(),
});

/** A review of one of the brand's products, as its dashboard lists it. */
export const sellerReview = review.extend({
  product_id: z.number().int(),
  product_name: z.string(),
});
export type SellerReview = z.infer<typeof sellerReview>;

/** A page of the brand's reviews (SELLER_PAGE_SIZE a page); the total is in X-Total-Count. */
export const sellerReviewsResponse = z.array(sellerReview);
