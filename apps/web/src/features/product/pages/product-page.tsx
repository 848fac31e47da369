import type { ProductDetail } from '@leafline/contract/catalog';
import { parseId } from '@leafline/contract/ids';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ShippingAndReturns } from '@/components/delivery/shipping-returns';
import { FavoriteButton } from '@/components/product/favorite-button';
import { DetailQuery, RetryOrBackToShop, type RetryProps } from '@/components/ui/detail-query';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import type { PrepareContext } from '@/lib/route-prepare';
import { productQueryOptions, useProduct } from '../api/get-product';
import { relatedProductsQueryOptions } from '../api/get-related-products';
import { AddToCart } from '../components/add-to-cart';
import { ProductBreadcrumb } from '../components/product-breadcrumb';
import { ProductDescription } from '../components/product-description';
import { ProductGallery } from '../components/product-gallery';
import { ProductHeading } from '../components/product-heading';
import { ProductPageSkeleton } from '../components/product-page-skeleton';
import { RelatedProducts } from '../components/related-products';
import { VariantPicker } from '../components/variant-picker';
import { PRODUCT_TEXTS } from '../lib/product-texts';
import { firstVariant, galleryImages, liveVariants } from '../lib/variants';

/** At start-up on a product page: the product, then more from its brand. */
export async function prepareProductPage({ queryClient, params }: PrepareContext) {
  const productId = parseId(params.productId);
  if (productId === null) return;
  const product = await queryClient
    .fetchQuery(productQueryOptions(productId))
    .catch(() => undefined);
  if (product) await queryClient.prefetchQuery(relatedProductsQueryOptions(product.business));
}

/** What the page shows in its Reviews section (the reviews feature, handed in by the app). */
export type ProductReviewsSlot = ComponentType<{ productId: number; businessName: string }>;

/**
 * /shop/products/{productId} (SPEC §2 Product page). `reviews` fills the Reviews section
 * (issue 27): features do not import each other, so the app hands it in, lazily loaded.
 */
export function ProductPage({ reviews }: { reviews?: ProductReviewsSlot } = {}) {
  const productId = parseId(useParams().productId);
  const product = useProduct(productId);

  return (
    <DetailQuery
      validId={productId !== null}
      query={product}
      skeleton={<ProductPageSkeleton />}
      failed={(retry) => <ProductNotFound {...retry} />}
    >
      {/* A new product (another id) starts with its own first variant and picture. */}
      {(data) => <ProductDetails key={data.id} product={data} reviews={reviews} />}
    </DetailQuery>
  );
}

function ProductDetails({
  product,
  reviews: Reviews,
}: {
  product: ProductDetail;
  reviews?: ProductReviewsSlot | undefined;
}) {
  useDocumentTitle(product.name);
  const variants = liveVariants(product.variants);
  const [variantId, setVariantId] = useState<number | null>(firstVariant(variants)?.id ?? null);
  const variant = variants.find((v) => v.id === variantId);
  const images = galleryImages(product, variant);
  const usesVariantImages = !!variant && variant.images.length > 0;
  const price = variant?.price ?? product.price;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <ProductBreadcrumb product={product} />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery
          // The picked variant's own pictures start a new gallery at its first picture.
          key={usesVariantImages ? `variant-${variant.id}` : 'product'}
          images={images}
          productName={product.name}
        />

        <div className="flex flex-col gap-6">
          <ProductHeading
            product={product}
            price={price}
            compareAt={variant ? variant.compare_at_price : product.compare_at_price}
          />

          {variants.length > 0 ? (
            <VariantPicker
              variants={variants}
              optionNames={product.option_names}
              selectedId={variantId}
              onSelect={setVariantId}
            />
          ) : null}

          <AddToCart
            productId={product.id}
            variantId={variant?.id ?? null}
            needsVariant={variants.length > 0}
            // What is left of the picked unit: the variant, else the product (null: not counted).
            stock={variants.length > 0 ? (variant?.stock ?? null) : product.stock}
          />

          <FavoriteButton
            productId={product.id}
            productName={product.name}
            variant="page"
            className="w-full sm:w-fit"
          />

          <ShippingAndReturns businessId={product.business} />

          <ProductDescription description={product.description} />
        </div>
      </div>

      {Reviews ? (
        <ReviewsSection>
          <Reviews productId={product.id} businessName={product.business_name} />
        </ReviewsSection>
      ) : null}

      <div className="render-lazily">
        <RelatedProducts
          productId={product.id}
          businessId={product.business}
          businessName={product.business_name}
        />
      </div>
    </div>
  );
}

/**
 * The Reviews section, its heading at once and its content when its code has loaded: a link
 * to /shop/products/{id}#reviews lands on it, also when the page was opened with it.
 */
function ReviewsSection({ children }: { children: React.ReactNode }) {
  const { hash } = useLocation();
  useEffect(() => {
    // The layout scrolls to a #hash before the product has loaded: once here, to its section.
    if (hash === '#reviews') document.getElementById('reviews')?.scrollIntoView?.();
  }, [hash]);
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-12 scroll-mt-24 border-t border-sand-300 pt-8 sm:mt-16"
    >
      <h2 id="reviews-heading" className="text-2xl font-semibold sm:text-3xl">
        {PRODUCT_TEXTS.reviews}
      </h2>
      <Suspense
        fallback={
          <LoadingRegion label={PRODUCT_TEXTS.reviewsLoading} className="mt-6 flex flex-col gap-4">
            <Skeletons shapes={['h-8 w-48', 'h-24 w-full max-w-sm', 'h-28 w-full']} />
          </LoadingRegion>
        }
      >
        {children}
      </Suspense>
    </section>
  );
}

function ProductNotFound({ onRetry, retrying }: RetryProps) {
  useDocumentTitle(PRODUCT_TEXTS.notFound);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-semibold sm:text-4xl">{PRODUCT_TEXTS.notFound}</h1>
      <p className="mt-4 text-lg text-ink-muted">
        {onRetry
          ? 'We could not load this product just now. Please try again in a moment.'
          : 'This product may have sold out or moved. There is plenty more to discover in the shop.'}
      </p>
      <RetryOrBackToShop onRetry={onRetry} retrying={retrying} />
    </section>
  );
}
