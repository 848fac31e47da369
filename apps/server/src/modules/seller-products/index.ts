/**
 * The seller-products module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export type { ImportedPictureKeys, ImportedProduct } from './imported-products';
export { deleteImportedProduct, writeImportedProduct } from './imported-products';
export type { ImportedProductStatus } from './imported-products.repo';
export { importedProductsOf, storedShopifyPictures } from './imported-products.repo';
export { sellerProductsRoutes } from './seller-products.routes';
export type { SellerProductsDeps } from './seller-products.service';
export { deleteProductInTransaction, PRODUCT_MEDIA_FOLDER } from './seller-products.service';
