import { CURATED_LISTS, STOREFRONT_PAGE_SIZE } from '@leafline/contract';
import {
  CATALOG_MESSAGES,
  CURATED_PRODUCT_LISTS,
  type CuratedListResponse,
  centsToPrice,
  type ProductDetail,
  type ProductImage,
  type ProductPage,
  type ProductSummary,
  type PublicBusiness,
} from '@leafline/contract/catalog';
import { isStoredId, parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import type { businesses } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { availableOf, productAvailable } from '../stock';
import {
  findActiveBusiness,
  findBusinessRatings,
  findCuratedList,
  findProductDetail,
  type ImageRow,
  listActiveBusinesses,
  listSustainabilityNotes,
  type ProductDetailRow,
  pageBusinessProducts,
  type SummaryRow,
  summariesByIds,
  type VariantRow,
} from './catalog.repo';
import { assertPageExists, pageLinks } from './pagination';

/** The catalogue as shoppers see it: only open businesses and their live variants (SPEC §2). */

export interface CatalogDeps {
  db: Db;
  publicUrl: string;
}

export function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    price: centsToPrice(row.priceCents),
    business: row.businessId,
    business_name: row.businessName,
    condition: row.condition,
    primary_image: mediaUrl(row.primaryImage),
    product_category: row.productCategory,
    stock: row.stock,
    sold_out: row.stock === 0,
    rating_average: row.ratingAverage,
    rating_count: row.ratingCount,
  };
}

const productNotFound = () => new AppError(404, CATALOG_MESSAGES.productNotFound);
const businessNotFound = () => new AppError(404, CATALOG_MESSAGES.businessNotFound);

export async function getProductDetail(deps: CatalogDeps, rawId: string): Promise<ProductDetail> {
  const productId = parseId(rawId);
  if (productId === null) throw productNotFound();
  const found = await findProductDetail(deps.db, productId);
  if (!found) throw productNotFound();
  return toProductDetail(found.product, found.images, found.variants);
}

const toImage = (i: ImageRow): ProductImage => {
  const image: ProductImage = { id: i.id, image: mediaUrl(i.image)!, alt_text: i.altText };
  if (i.optionValue && i.optionIndex === 1) image.option1 = i.optionValue;
  if (i.optionValue && i.optionIndex === 2) image.option2 = i.optionValue;
  return image;
};

/**
 * A variant's pictures in the payloads (docs/decisions/0024): its own, then the product's
 * pictures tied to its option1 or option2 value, each address once.
 */
function variantImagesOf(variant: VariantRow, productImages: readonly ImageRow[]): ImageRow[] {
  const tied = productImages.filter(
    (i) =>
      (i.optionIndex === 1 && i.optionValue === variant.option1) ||
      (i.optionIndex === 2 && i.optionValue !== null && i.optionValue === variant.option2),
  );
  const seen = new Set<string>();
  return [...variant.images, ...tied].filter((i) => {
    if (seen.has(i.image)) return false;
    seen.add(i.image);
    return true;
  });
}

/**
 * What it sold for before (issue 29, point 6), shown struck through: only when more than the
 * price it stands beside (a price raised since leaves nothing to strike through).
 */
const compareAt = (compareAtCents: number | null, priceCents: number) =>
  compareAtCents !== null && compareAtCents > priceCents ? centsToPrice(compareAtCents) : null;

/**
 * The one mapping of a product to its detail payload (product page, the seller's list and
 * answers): `/media/` addresses, prices as strings, a variant without a price at the product's.
 */
export function toProductDetail(
  product: ProductDetailRow,
  images: readonly ImageRow[],
  liveVariants: readonly VariantRow[],
): ProductDetail {
  // What can be bought (issue 26): the product's own count, or its variants' sum.
  const stock = productAvailable(product, liveVariants);
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: centsToPrice(product.priceCents),
    condition: product.condition,
    category: product.category,
    product_category: product.productCategory,
    images: images.map(toImage),
    primary_image: mediaUrl(images[0]?.image),
    business: product.businessId,
    business_name: product.businessName,
    option_names: product.optionNames,
    compare_at_price: compareAt(product.compareAtCents, product.priceCents),
    stock,
    sold_out: stock === 0,
    rating_average: product.ratingAverage,
    rating_count: product.ratingCount,
    variants: liveVariants.map((v) => {
      const pictures = variantImagesOf(v, images);
      return {
        id: v.id,
        option1: v.option1,
        option2: v.option2,
        price: centsToPrice(v.priceCents ?? product.priceCents),
        // A variant at the product's price shares the product's former price.
        compare_at_price: compareAt(
          v.compareAtCents ?? (v.priceCents === null ? product.compareAtCents : null),
          v.priceCents ?? product.priceCents,
        ),
        image: mediaUrl(pictures[0]?.image),
        images: pictures.map(toImage),
        deleted: v.deleted,
        stock: availableOf(v),
      };
    }),
  };
}

async function activeBusinessOr404(deps: CatalogDeps, rawId: string) {
  const businessId = parseId(rawId);
  const business = businessId === null ? undefined : await findActiveBusiness(deps.db, businessId);
  if (!business) throw businessNotFound();
  return business;
}

/** The public face of a business: never its payout account, store tokens or owner. */
/** SPEC §2 storefront's brand, with its average rating over its products (issue 27). */
export async function getPublicBusiness(deps: CatalogDeps, rawId: string): Promise<PublicBusiness> {
  const business = await activeBusinessOr404(deps, rawId);
  const ratings = await findBusinessRatings(deps.db, business.id);
  return {
    ...toPublicBusiness(business),
    rating_average: ratings.count ? Math.round((ratings.sum / ratings.count) * 10) / 10 : null,
    rating_count: ratings.count,
  };
}

type BusinessRecord = typeof businesses.$inferSelect;

/** The public fields of a business row (the owner's overview adds its own to these). */
export function toPublicBusiness(b: BusinessRecord): PublicBusiness {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    email: b.email,
    website: b.website,
    shipping_strategy: b.shippingStrategy,
    price_range: b.priceRange,
    production: b.production,
    logonew: mediaUrl(b.logo),
    banner: mediaUrl(b.banner),
    verified: b.verified,
    business_type: b.businessType,
  };
}

export async function listPublicBusinesses(deps: CatalogDeps) {
  const rows = await listActiveBusinesses(deps.db);
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    logonew: mediaUrl(b.logo),
    verified: b.verified,
  }));
}

export async function getSustainabilityNotes(deps: CatalogDeps, rawBusinessId: string) {
  const business = await activeBusinessOr404(deps, rawBusinessId);
  return listSustainabilityNotes(deps.db, business.id);
}

/** SPEC §2 storefront: 10 products a page, newest first (sold-out ones last, issue 26). */
export async function getStorefrontProducts(
  deps: CatalogDeps,
  rawBusinessId: string,
  page: number,
  requestUrl: string,
): Promise<ProductPage> {
  const business = await activeBusinessOr404(deps, rawBusinessId);
  const size = STOREFRONT_PAGE_SIZE;
  const { rows, total } = await pageBusinessProducts(deps.db, business.id, size, (page - 1) * size);
  assertPageExists(page, size, total);
  return {
    results: rows.map(toSummary),
    count: total,
    ...pageLinks(deps.publicUrl, requestUrl, page, size, total),
  };
}

/**
 * The products of a curated list in the list's order, skipping those gone or closed
 * (DESIGN 2.9). A list not stored yet is empty.
 */
export async function curatedProducts(deps: CatalogDeps, key: string): Promise<ProductSummary[]> {
  const ids = (await findCuratedList(deps.db, key)) ?? [];
  const rows = await summariesByIds(deps.db, ids.filter(isStoredId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row)] : [];
  });
}

export async function getCuratedList(deps: CatalogDeps, key: string): Promise<CuratedListResponse> {
  if (key === CURATED_LISTS.hiddenBusinesses) {
    const ids = (await findCuratedList(deps.db, key)) ?? [];
    return { key, ids };
  }
  const productList = CURATED_PRODUCT_LISTS.find((k) => k === key);
  if (!productList) throw new AppError(404, CATALOG_MESSAGES.listNotFound);
  return { key: productList, results: await curatedProducts(deps, productList) };
}
