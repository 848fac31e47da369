import type { ProductDetail } from '@leafline/contract/catalog';
import { CONDITION_LABELS } from '@leafline/contract/constants';
import { parseId } from '@leafline/contract/ids';
import Store from 'lucide-react/icons/store';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailQuery, RetryOrBackToShop, type RetryProps } from '@/components/ui/detail-query';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/document-title';
import { formatMoney } from '@/lib/money';
import type { PrepareContext } from '@/lib/route-prepare';
import { productQueryOptions, useProduct } from '../api/get-product';
import { relatedProductsQueryOptions } from '../api/get-related-products';
import { AddToCart } from '../components/add-to-cart';
import { ProductGallery } from '../components/product-gallery';
import { ProductPageSkeleton } from '../components/product-page-skeleton';
import { RelatedProducts } from '../components/related-products';
import { VariantPicker } from '../components/variant-picker';
import { PRODUCT_TEXTS } from '../lib/product-texts';
import { galleryImages, liveVariants } from '../lib/variants';

/** At start-up on a product page: the product, then more from its brand. */
export async function prepareProductPage({ queryClient, params }: PrepareContext) {
  const productId = parseId(params.productId);
  if (productId === null) return;
  const product = await queryClient
    .fetchQuery(productQueryOptions(productId))
    .catch(() => undefined);
  if (product) await queryClient.prefetchQuery(relatedProductsQueryOptions(product.business));
}

/** /shop/products/{productId} (SPEC §2 Product page). */
export function ProductPage() {
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
      {(data) => <ProductDetails key={data.id} product={data} />}
    </DetailQuery>
  );
}

function ProductDetails({ product }: { product: ProductDetail }) {
  useDocumentTitle(product.name);
  const variants = liveVariants(product.variants);
  const [variantId, setVariantId] = useState<number | null>(variants[0]?.id ?? null);
  const variant = variants.find((v) => v.id === variantId);
  const images = galleryImages(product, variant);
  const usesVariantImages = !!variant && variant.images.length > 0;
  const price = variant?.price ?? product.price;
  const paragraphs = product.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/shop" className="hover:text-forest-900 hover:underline">
              Shop
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link
              to={`/businessproducts/${product.business}`}
              className="hover:text-forest-900 hover:underline"
            >
              {product.business_name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="max-w-[16rem] truncate text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery
          // The picked variant's own pictures start a new gallery at its first picture.
          key={usesVariantImages ? `variant-${variant.id}` : 'product'}
          images={images}
          productName={product.name}
        />

        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <Link
              to={`/businessproducts/${product.business}`}
              className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold tracking-wide text-clay-800 uppercase no-underline hover:underline"
            >
              <Store aria-hidden="true" className="size-4" />
              {product.business_name}
            </Link>
            <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{product.name}</h1>
            <div className="flex flex-wrap items-center gap-3">
              <p
                className="text-2xl font-semibold text-ink tabular-nums"
                aria-live="polite"
                data-testid="product-price"
              >
                {formatMoney(price)}
              </p>
              <p
                className={cx(
                  'rounded-full px-3 py-1 text-sm font-medium',
                  product.condition === 'new'
                    ? 'bg-sage-100 text-forest-900'
                    : 'bg-clay-100 text-clay-800',
                )}
              >
                {CONDITION_LABELS[product.condition]}
              </p>
            </div>
          </div>

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
          />

          <section aria-labelledby="description-heading" className="border-t border-sand-300 pt-6">
            <h2 id="description-heading" className="text-xl font-semibold">
              Description
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-ink/90">
              {paragraphs.length > 0 ? (
                paragraphs.map((paragraph, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, fixed order
                  <p key={i} className="whitespace-pre-line">
                    {paragraph}
                  </p>
                ))
              ) : (
                <p className="text-ink-muted">This brand has not added a description yet.</p>
              )}
            </div>
          </section>
        </div>
      </div>

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
