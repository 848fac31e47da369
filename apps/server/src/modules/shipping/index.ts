/**
 * The shipping module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export type { ShippingQuote, ShippingRates } from './fees';
export { quoteShipping } from './fees';
export type { BrandShippingTerms, FreeShippingByCountry } from './free-shipping';
export {
  businessesNotShippingFreeAt,
  freeShippingByCountryOf,
  freeShippingFromOfAll,
  shippingTermsOf,
} from './free-shipping';
export { shippingRoutes } from './shipping.routes';
export { getShippingFees, saveShippingFees } from './shipping.service';
