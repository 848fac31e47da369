/**
 * Cost and policy before the cart (docs/decisions/0052): a brand's processing time and returns
 * policy, the transit estimate per country, and every text of the "Shipping & returns" block,
 * without zod — the product page, the storefront and the cart import these and keep their
 * JavaScript small. delivery.ts adds the shapes and re-exports these.
 */

/** The bounds of the business form's two new fields (whole days). */
export const DELIVERY_LIMITS = {
  processingDays: { min: 1, max: 30 },
  returnsDays: { min: 7, max: 90 },
} as const;

/** What a brand has until it says otherwise (also every brand there was before 0052). */
export const DELIVERY_DEFAULTS = {
  processingDays: 2,
  returnsAccepted: true,
  returnsDays: 30,
} as const;

/** Days a parcel travels once sent, by the country shipped to (a rough, documented estimate). */
export const TRANSIT_DAYS: Readonly<Record<string, { min: number; max: number }>> = {
  US: { min: 3, max: 5 },
};
/** Any other country: international post. */
export const TRANSIT_DAYS_ELSEWHERE = { min: 7, max: 14 } as const;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The block's texts; amounts come formatted ('$4.50', '$75'). */
export const DELIVERY_TEXTS = {
  heading: 'Shipping & returns',
  loading: 'Loading shipping and returns…',
  shippingTo: (fee: string, country: string) => `Shipping ${fee} to ${country}`,
  freeShippingTo: (country: string) => `Free shipping to ${country}`,
  brandFreeOver: (amount: string) => `Free over ${amount} (this brand)`,
  marketplaceFreeOver: (amount: string) => `Free on orders over ${amount}`,
  shipsIn: (n: number) => `Usually ships in ${days(n)}`,
  arrivesIn: (min: number, max: number) => `Arrives in about ${min}–${max} days`,
  returnsWithin: (n: number) => `Returns accepted within ${days(n)}`,
  noReturns: 'No returns',
  // ---- the cart, per brand ----
  cartShipping: (fee: string) => `Shipping ${fee}`,
  cartFreeShipping: 'Free shipping',
  /** Why it is free: the brand's own subtotal, or the whole cart's. */
  freeByBrand: (amount: string) => `this brand ships free over ${amount}`,
  freeByMarketplace: (amount: string) => `orders over ${amount} ship free`,
  addForBrandFree: (amount: string) => `Add ${amount} more from this brand for free shipping`,
  addForMarketplaceFree: (amount: string, threshold: string) =>
    `Add ${amount} more to your cart for free shipping on orders over ${threshold}`,
} as const;

/** The dashboard's business form: the two new fields. */
export const DELIVERY_FORM_TEXTS = {
  legend: 'Delivery & returns',
  processingDays: 'Processing time (days)',
  processingDaysHint: `Days you usually take to send an order (${DELIVERY_LIMITS.processingDays.min}–${DELIVERY_LIMITS.processingDays.max}). Shoppers see it in their delivery estimate.`,
  returnsAccepted: 'Accept returns',
  returnsDays: 'Returns accepted within (days)',
  returnsDaysHint: `${DELIVERY_LIMITS.returnsDays.min} to ${DELIVERY_LIMITS.returnsDays.max} days.`,
} as const;

/** What the API answers when the fields or the country are wrong. */
export const DELIVERY_MESSAGES = {
  processingDays: `Processing time must be a whole number of days from ${DELIVERY_LIMITS.processingDays.min} to ${DELIVERY_LIMITS.processingDays.max}.`,
  returnsAccepted: 'returns_accepted must be true or false.',
  returnsDays: `Returns window must be a whole number of days from ${DELIVERY_LIMITS.returnsDays.min} to ${DELIVERY_LIMITS.returnsDays.max}.`,
  returnsDaysRequired: `Enter within how many days returns are accepted (${DELIVERY_LIMITS.returnsDays.min} to ${DELIVERY_LIMITS.returnsDays.max}).`,
  returnsAcceptedRequired: 'Send returns_accepted with returns_days.',
  country: 'country must be a two-letter country code, like US or CA.',
  businessNotFound: 'Business not found',
} as const;
