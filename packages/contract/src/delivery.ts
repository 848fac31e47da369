import { z } from 'zod';
import { priceString, queryCountry } from './catalog';
import { DELIVERY_LIMITS, DELIVERY_MESSAGES } from './delivery-texts';

/**
 * Cost and policy before the cart (docs/decisions/0052): the shapes of a brand's delivery terms
 * for a country — its fee, its free-shipping rules, the delivery estimate and its returns
 * policy — and of the business form's fields that set them. The texts: delivery-texts.ts.
 */

export * from './delivery-texts';

const days = z.number().int();

/** A brand's delivery estimate and returns policy, for the country shipped to. */
export const deliveryTerms = z.object({
  /** The brand's processing time: days until it sends the order. */
  processing_days: days,
  /** Days in transit to the country (TRANSIT_DAYS). */
  transit_days_min: days,
  transit_days_max: days,
  /** processing_days + transit: "Arrives in about A–B days". */
  delivery_days_min: days,
  delivery_days_max: days,
  returns_accepted: z.boolean(),
  /** Days returns are accepted within; null when the brand takes no returns. */
  returns_days: days.nullable(),
});
export type DeliveryTerms = z.infer<typeof deliveryTerms>;

/**
 * GET api/businesses/{businessId}/delivery/ (200): the brand's delivery and returns for one
 * country — `?country=`, else the signed-in shopper's default address's, else US. Never cached:
 * it depends on who asks.
 */
export const deliveryResponse = deliveryTerms.extend({
  business: z.number().int(),
  country: z.string(),
  /** The brand's fee for the country before any free-shipping rule (what checkout charges). */
  shipping_fee: priceString,
  /** The brand's own free-shipping subtotal, or null when it has none. */
  threshold_free: priceString.nullable(),
  /** The marketplace's free-shipping subtotal, '75.00' (SPEC §9). */
  free_shipping_threshold: priceString,
  /** The smallest cart of this brand alone that ships free to the country ('0.00': always). */
  ships_free_from: priceString,
});
export type DeliveryResponse = z.infer<typeof deliveryResponse>;

/** `?country=`: two letters of ISO 3166, either case; absent or '' for the shopper's own. */
export const deliveryQuery = z.object({ country: queryCountry });
export type DeliveryQuery = z.input<typeof deliveryQuery>;

// ---- the business form's fields (multipart text) ----

/** A whole number of days in [min, max] from a form's text; '' is absent. */
const daysField = (limits: { min: number; max: number }, message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx): number | undefined => {
      const text = value?.trim() ?? '';
      if (text === '') return undefined;
      const n = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(n) || n < limits.min || n > limits.max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** 'true' or 'false' from a form's text (a checkbox's own true or false too); '' is absent. */
const booleanField = (message: string) =>
  z
    .union([z.string(), z.boolean()], { error: message })
    .optional()
    .transform((value, ctx): boolean | undefined => {
      if (typeof value === 'boolean') return value;
      const text = value?.trim().toLowerCase() ?? '';
      if (text === '') return undefined;
      if (text === 'true') return true;
      if (text === 'false') return false;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/**
 * The delivery fields of the business form (`POST api/registerbiz/`, `POST
 * api/business/edit/{businessId}/`), each optional: absent keeps the stored value (a new
 * business: DELIVERY_DEFAULTS). The returns policy is a pair: `returns_accepted=true` needs
 * `returns_days`; `false` clears them.
 */
export const deliveryFormFields = {
  processing_days: daysField(DELIVERY_LIMITS.processingDays, DELIVERY_MESSAGES.processingDays),
  returns_accepted: booleanField(DELIVERY_MESSAGES.returnsAccepted),
  returns_days: daysField(DELIVERY_LIMITS.returnsDays, DELIVERY_MESSAGES.returnsDays),
};

/** The pair's rule, for the form schemas' superRefine. */
export function checkReturnsPolicy(
  v: { returns_accepted?: boolean | undefined; returns_days?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.returns_accepted === true && v.returns_days === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['returns_days'],
      message: DELIVERY_MESSAGES.returnsDaysRequired,
    });
  }
  if (v.returns_accepted === undefined && v.returns_days !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['returns_accepted'],
      message: DELIVERY_MESSAGES.returnsAcceptedRequired,
    });
  }
}

/** The stored columns of the form's delivery fields: only those it sent. */
export function deliveryChanges(v: {
  processing_days?: number | undefined;
  returns_accepted?: boolean | undefined;
  returns_days?: number | undefined;
}): { processingDays?: number; returnsAccepted?: boolean; returnsDays?: number | null } {
  const changes: {
    processingDays?: number;
    returnsAccepted?: boolean;
    returnsDays?: number | null;
  } = {};
  if (v.processing_days !== undefined) changes.processingDays = v.processing_days;
  if (v.returns_accepted !== undefined) {
    changes.returnsAccepted = v.returns_accepted;
    changes.returnsDays = v.returns_accepted ? (v.returns_days ?? null) : null;
  }
  return changes;
}
