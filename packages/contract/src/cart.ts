import { z } from 'zod';
import { priceString } from './catalog';
import { MAX_CART_QUANTITY, SUPPORTED_COUNTRIES } from './constants';
import { isCountryCode } from './countries';
import { parseId } from './ids';
import { MESSAGES } from './messages';
import { US_STATE_CODES, US_STATE_MESSAGE } from './us-states';

/**
 * Buying, part 1 (SPEC §2 Cart, §3, §5, §7, §8; DESIGN 2.3, 2.5, 2.6): the cart, the saved
 * shipping address and the shipping-fee settings of a business.
 * Decisions in docs/decisions/0006-cart-and-shipping.md.
 */

export const CART_MESSAGES = {
  cartEmpty: MESSAGES.cartEmpty,
  productNotFound: MESSAGES.productNotFound,
  added: 'Added to cart',
  removed: 'Removed from cart',
  quantityUpdated: 'Quantity updated',
  variantRequired: 'Please choose an option for this product.',
  variantNotAvailable: 'This option is not available for this product.',
  quantityToAdd: `Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}.`,
  quantityToSet: `Quantity must be a whole number from 0 to ${MAX_CART_QUANTITY}.`,
  tooMany: `You can have at most ${MAX_CART_QUANTITY} of one item in your cart.`,
  itemNotInCart: 'This item is not in your cart.',
  variantIdInvalid: 'variant_id must be a whole number (the id of an option), or null.',
} as const;

export const ADDRESS_MESSAGES = {
  requiredFields: MESSAGES.addressRequiredFields,
  onlyUs: 'We currently ship only to addresses in the US.',
  postalCode: 'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.',
  phoneNumber: 'Enter a phone number of 7 to 15 digits, like 503-555-0100.',
  saved: 'Shipping address saved.',
  noAddress: 'No shipping address saved yet.',
} as const;

export const SHIPPING_FEE_MESSAGES = {
  countryCode: 'Country code must be two letters, like US or CA.',
  /** Two letters that name no country of ISO 3166 (issue 24). */
  countryUnknown: (code: string) =>
    `${code} is not a country code. Use a country's two-letter ISO code, like US or CA.`,
  countryFeeIncomplete: 'Each country fee needs both a country code and a fee.',
  countryDuplicate: 'Each country can be listed only once.',
  tooManyCountries: 'At most 250 country fees can be set.',
  saved: 'Shipping fees saved.',
} as const;

/** A body that is not a JSON object at all (an array, null, a bare string). */
const jsonObject = { error: 'The request body must be a JSON object.' };

const id = z.number().int();

// ---- shared fields ----

/**
 * An id in a body: a whole number or its digits as text; null, '' or absent mean none.
 * Anything that cannot be a stored id is refused here, before it reaches the database.
 */
const optionalIdField = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null) return null;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') return null;
      const n = parseId(text);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** A quantity: a whole number (or its digits as text) from `min` to MAX_CART_QUANTITY. */
const quantityField = (min: number, message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const n = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > MAX_CART_QUANTITY) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

// ---- cart ----

/** One line of the cart (SPEC §3 cart item, plus the brand and picture the cart page shows). */
export const cartItem = z.object({
  /** The line's id: the address of `PATCH api/cart/items/{id}/`. */
  id,
  /** The product's id (as `product_id`; DRF's foreign-key field). */
  product: id,
  product_id: id,
  variant_id: id.nullable(),
  product_name: z.string(),
  variant_option1: z.string().nullable(),
  variant_option2: z.string().nullable(),
  /** Unit price now: the variant's own price, else the product's, read from the database. */
  product_price: priceString,
  quantity: z.number().int(),
  /** product_price × quantity. */
  total_price: priceString,
  business: id,
  business_name: z.string(),
  /** The variant's first picture, else the product's, as `/media/…`; null without any. */
  image: z.string().nullable(),
  /**
   * Set only on a line whose quantity is no longer available (issue 26): how many can still be
   * bought (0: sold out). Null while the whole quantity can be bought.
   */
  available_quantity: z.number().int().min(0).nullable(),
});
export type CartItem = z.infer<typeof cartItem>;

export const FREE_SHIPPING_REASONS = ['business_threshold', 'marketplace_threshold'] as const;
export type FreeShippingReason = (typeof FREE_SHIPPING_REASONS)[number];

/** What one brand charges for shipping its part of the cart (DESIGN 2.6). */
export const businessShipping = z.object({
  business: id,
  business_name: z.string(),
  /** The brand's item subtotal in this cart. */
  subtotal: priceString,
  /** The brand's rate for the country before any free-shipping rule. */
  base_fee: priceString,
  /** What is charged: base_fee, or 0.00 under a free-shipping rule. */
  shipping_fee: priceString,
  /** The brand's own free-shipping subtotal, or null when it has none. */
  threshold_free: priceString.nullable(),
  /** Why a non-zero base fee became 0.00; null when it did not. */
  free_shipping_reason: z.enum(FREE_SHIPPING_REASONS).nullable(),
});
export type BusinessShipping = z.infer<typeof businessShipping>;

/** GET api/cart/ (200). An empty cart is 404 `cartEmptyResponse` instead. */
export const cartResponse = z.object({
  items: z.array(cartItem),
  /** Sum of the quantities. */
  item_count: z.number().int(),
  /** Sum of the items' total_price. */
  subtotal: priceString,
  /** Sum of the brands' shipping_fee, for `shipping_country`. */
  total_shipping_fees: priceString,
  /** subtotal + total_shipping_fees (before any discount code at payment). */
  total: priceString,
  /** The saved address's country, else DEFAULT_SHIPPING_COUNTRY ('US'). */
  shipping_country: z.string(),
  has_shipping_address: z.boolean(),
  /** The marketplace's free-shipping subtotal, '75.00' (SPEC §9). */
  free_shipping_threshold: priceString,
  /** True when subtotal ≥ free_shipping_threshold: every fee is 0.00. */
  free_shipping_applied: z.boolean(),
  /** What is left to reach free_shipping_threshold; '0.00' once reached (checkout progress bar). */
  amount_to_free_shipping: priceString,
  /** One entry a brand, in the order the brands first appear in `items`. */
  shipping_by_business: z.array(businessShipping),
});
export type CartResponse = z.infer<typeof cartResponse>;

/** GET api/cart/ (404) for an empty cart: SPEC §8 reads `message`; `error` as everywhere. */
export const cartEmptyResponse = z.object({ error: z.string(), message: z.string() });
export type CartEmptyResponse = z.infer<typeof cartEmptyResponse>;

/** The product id of `add-to-cart/{productId}/` and `api/remove-from-cart/{productId}/`. */
export const productIdParams = z.object({ productId: z.string() });
/** The line id of `api/cart/items/{itemId}/`. */
export const cartItemIdParams = z.object({ itemId: z.string() });

/**
 * POST add-to-cart/{productId}/. `variant_id` is required when the product has options and
 * must be one of them; `quantity` (default 1) is added to what the cart already holds.
 * The body may be left out for a product without options.
 */
export const addToCartBody = z
  .object(
    {
      variant_id: optionalIdField(CART_MESSAGES.variantIdInvalid),
      quantity: quantityField(1, CART_MESSAGES.quantityToAdd).optional(),
    },
    jsonObject,
  )
  .nullish();
export type AddToCartBody = z.input<typeof addToCartBody>;

/** The answer of add-to-cart and of a quantity update: the line as the cart now holds it. */
export const cartItemChangedResponse = z.object({
  message: z.string(),
  item: cartItem,
});
export type CartItemChangedResponse = z.infer<typeof cartItemChangedResponse>;

/** DELETE api/remove-from-cart/{productId}/: the line of this variant (none: no variant). */
export const removeFromCartBody = z
  .object({ variant_id: optionalIdField(CART_MESSAGES.variantIdInvalid) }, jsonObject)
  .nullish();
export type RemoveFromCartBody = z.input<typeof removeFromCartBody>;
/** The same choice as a query string, for clients that send no body with DELETE. */
export const removeFromCartQuery = z.object({
  variant_id: optionalIdField(CART_MESSAGES.variantIdInvalid),
});

/** PATCH api/cart/items/{itemId}/: set the line's quantity; 0 removes the line. */
export const setCartQuantityBody = z.object(
  { quantity: quantityField(0, CART_MESSAGES.quantityToSet) },
  jsonObject,
);
export type SetCartQuantityBody = z.input<typeof setCartQuantityBody>;

/** PATCH with quantity 0: `item` is null (the line is gone). */
export const setCartQuantityResponse = z.object({
  message: z.string(),
  item: cartItem.nullable(),
});
export type SetCartQuantityResponse = z.infer<typeof setCartQuantityResponse>;

// ---- shipping address ----

export * from './us-states';

const ADDRESS_LIMITS = {
  first_name: 150,
  last_name: 150,
  address_line1: 200,
  address_line2: 200,
  city: 100,
  state: 100,
  postal_code: 10,
  country: 2,
  phone_number: 32,
} as const;

const ADDRESS_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  city: 'City',
  state: 'State',
  postal_code: 'ZIP code',
  country: 'Country',
  phone_number: 'Phone number',
} as const;

/** A required address field, trimmed (SPEC §5); missing or blank reads the §5 text. */
const requiredAddressField = (key: keyof typeof ADDRESS_LIMITS) =>
  z
    .string({ error: ADDRESS_MESSAGES.requiredFields })
    .trim()
    .min(1, ADDRESS_MESSAGES.requiredFields)
    .max(ADDRESS_LIMITS[key], `${ADDRESS_LABELS[key]} is too long.`);

/** POST api/set-shipping-address/ (SPEC §3 user shipping address, §5 checkout address). */
export const shippingAddressBody = z.object(
  {
    first_name: requiredAddressField('first_name'),
    last_name: requiredAddressField('last_name'),
    address_line1: requiredAddressField('address_line1'),
    address_line2: z
      .string({ error: 'Address line 2 must be text.' })
      .trim()
      .max(ADDRESS_LIMITS.address_line2, 'Address line 2 is too long.')
      .nullish()
      .transform((v) => v ?? ''),
    city: requiredAddressField('city'),
    /** A two-letter code of US_STATES; `or` is read as `OR`. */
    state: requiredAddressField('state').pipe(
      z
        .string()
        .toUpperCase()
        .pipe(z.enum(US_STATE_CODES, { error: US_STATE_MESSAGE })),
    ),
    postal_code: requiredAddressField('postal_code').pipe(
      z.string().regex(/^\d{5}(-\d{4})?$/, ADDRESS_MESSAGES.postalCode),
    ),
    /** Only US (SPEC §9); `us` is read as `US`, absent means US. */
    country: z
      .string({ error: ADDRESS_MESSAGES.onlyUs })
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => (v == null || v === '' ? 'US' : v))
      .pipe(z.enum(SUPPORTED_COUNTRIES, { error: ADDRESS_MESSAGES.onlyUs })),
    phone_number: requiredAddressField('phone_number').pipe(
      z
        .string()
        .regex(/^\+?[\d\s().-]+$/, ADDRESS_MESSAGES.phoneNumber)
        .refine((v) => {
          const digits = v.replace(/\D/g, '').length;
          return digits >= 7 && digits <= 15;
        }, ADDRESS_MESSAGES.phoneNumber),
    ),
  },
  jsonObject,
);
export type ShippingAddressBody = z.input<typeof shippingAddressBody>;
/** The address as validated: trimmed, country 'US', address_line2 '' when absent. */
export type ShippingAddressFields = z.output<typeof shippingAddressBody>;

/** GET and POST api/set-shipping-address/ (200): the saved address. */
export const shippingAddressResponse = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_line1: z.string(),
  /** '' when not given. */
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone_number: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressResponse>;

/** POST api/set-shipping-address/ (200). */
export const shippingAddressSavedResponse = shippingAddressResponse.extend({
  message: z.string(),
});
export type ShippingAddressSavedResponse = z.infer<typeof shippingAddressSavedResponse>;

// ---- shipping fees of a business ----

/** Largest fee or threshold accepted: $10,000.00. */
export const MAX_SHIPPING_AMOUNT_CENTS = 1_000_000;
export const MAX_COUNTRY_FEES = 250;

/**
 * A dollar amount in steps of 0.01 (SPEC §5), as a number (5, 5.5) or text ('5.50'), to integer
 * cents; null, '' or absent mean "not set".
 */
export const moneyField = (label: string) => {
  const message = `${label} must be an amount like 5.00, with at most two decimal places.`;
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null) return null;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') return null;
      if (/^-\d*\.?\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative.` });
        return z.NEVER;
      }
      const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
      if (cents > MAX_SHIPPING_AMOUNT_CENTS) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be more than 10000.00.` });
        return z.NEVER;
      }
      return cents;
    });
};

/**
 * One country fee. SPEC §3 gives two readings, so both are accepted: `{country, fee}` and
 * `{country_code, country_fee}`. The code is trimmed and upper-cased (SPEC §5).
 */
export const countryFeeInput = z
  .object(
    {
      country: z.string({ error: SHIPPING_FEE_MESSAGES.countryCode }).nullish(),
      country_code: z.string({ error: SHIPPING_FEE_MESSAGES.countryCode }).nullish(),
      fee: moneyField('Country fee'),
      country_fee: moneyField('Country fee'),
    },
    { error: SHIPPING_FEE_MESSAGES.countryFeeIncomplete },
  )
  .transform((entry, ctx) => {
    const code = (entry.country_code ?? entry.country ?? '').trim().toUpperCase();
    const feeCents = entry.country_fee ?? entry.fee;
    if (code === '' || feeCents === null) {
      ctx.addIssue({ code: 'custom', message: SHIPPING_FEE_MESSAGES.countryFeeIncomplete });
      return z.NEVER;
    }
    if (!/^[A-Z]{2}$/.test(code)) {
      ctx.addIssue({ code: 'custom', message: SHIPPING_FEE_MESSAGES.countryCode });
      return z.NEVER;
    }
    if (!isCountryCode(code)) {
      ctx.addIssue({ code: 'custom', message: SHIPPING_FEE_MESSAGES.countryUnknown(code) });
      return z.NEVER;
    }
    return { countryCode: code, feeCents };
  });

/**
 * POST api/shipping-fees/{businessId}/: replaces the whole setting. Empty fee fields are sent as
 * null (SPEC §5) and mean "not set".
 */
export const shippingFeesBody = z
  .object(
    {
      worldwide_shipping_fee: moneyField('Worldwide shipping fee'),
      all_except_selected_fee: moneyField('All-except-selected fee'),
      threshold_free: moneyField('Free-shipping threshold'),
      country_fees: z
        .array(countryFeeInput, { error: 'country_fees must be a list.' })
        .max(MAX_COUNTRY_FEES, SHIPPING_FEE_MESSAGES.tooManyCountries)
        .nullish()
        .transform((v) => v ?? []),
    },
    jsonObject,
  )
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [index, entry] of body.country_fees.entries()) {
      if (seen.has(entry.countryCode)) {
        ctx.addIssue({
          code: 'custom',
          message: SHIPPING_FEE_MESSAGES.countryDuplicate,
          path: ['country_fees', index],
        });
      }
      seen.add(entry.countryCode);
    }
  });
export type ShippingFeesBody = z.input<typeof shippingFeesBody>;

/** GET api/shipping-fees/{businessId}/ (200): the setting; all null and [] when never set. */
export const shippingFeesResponse = z.object({
  business: id,
  worldwide_shipping_fee: priceString.nullable(),
  all_except_selected_fee: priceString.nullable(),
  threshold_free: priceString.nullable(),
  /** By country code. */
  country_fees: z.array(z.object({ country: z.string(), fee: priceString })),
});
export type ShippingFeesResponse = z.infer<typeof shippingFeesResponse>;

/** POST api/shipping-fees/{businessId}/ (200): the setting as saved. */
export const shippingFeesSavedResponse = shippingFeesResponse.extend({ message: z.string() });
export type ShippingFeesSavedResponse = z.infer<typeof shippingFeesSavedResponse>;
