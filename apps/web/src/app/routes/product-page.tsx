import { ProductPage } from '@/features/product/pages/product-page';
import { lazyWithPreload } from '@/lib/lazy-with-preload';

export { prepareProductPage } from '@/features/product/pages/product-page';

/**
 * The product's reviews (features/reviews, issue 27): below the fold, so their code (the form
 * and its checks among it) is a chunk of its own, loaded once the product is shown.
 */
const ProductReviews = lazyWithPreload(() =>
  import('@/features/reviews/components/product-reviews').then((m) => m.ProductReviews),
);

/**
 * /shop/products/{productId}: the product page (features/product) with its Reviews section.
 * Features do not import each other, so the app puts the two together.
 */
export function ProductPageWithReviews() {
  return <ProductPage reviews={ProductReviews} />;
}
