/**
 * The catalog module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export type { ProductDetailRow, SummaryRow } from './catalog.repo';
export {
  activeProductsJoin,
  listImagesOfProducts,
  listLiveVariantsOfProducts,
  productDetailFields,
  summariesByIds,
  summaryFields,
  variantPicture,
} from './catalog.repo';
export { catalogRoutes } from './catalog.routes';
export type { CatalogDeps } from './catalog.service';
export {
  curatedProducts,
  getProductDetail,
  getPublicBusiness,
  toProductDetail,
  toPublicBusiness,
  toSummary,
} from './catalog.service';
export { assertPageExists, pageLinks } from './pagination';
export type { ResponseCache } from './response-cache';
export { createResponseCache } from './response-cache';
