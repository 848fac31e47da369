import type { BrandDoc, ProductDoc } from '@leafline/search-engine';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, rowsOf } from '../../db/raw-rows';
import { freeShippingByCountryOf } from '../shipping';
import { productStockSql } from '../stock';
import { FREE_SHIPPING_COUNTRY } from './search-criteria';

/**
 * The rows the in-memory engine is loaded and kept in step with (engine-follower.ts): products
 * with their search document as PostgreSQL made it, and brands with where they ship free from,
 * to the US and per country (the shipping module's rule, handed as data).
 */

interface ProductRow {
  id: number;
  name: string;
  business_id: number;
  price_cents: number;
  condition: string;
  product_category: string;
  created_ms: string | number;
  primary_image: string | null;
  vector: string | null;
  stock: number | null;
  rating_count: number | null;
  rating_sum: number | null;
}

interface BrandRow {
  id: number;
  name: string;
  is_active: boolean;
  verified: boolean;
}

const productColumns = sql`p.id, p.name, p.business_id, p.price_cents, p.condition, p.product_category,
  (extract(epoch from p.created_at) * 1000)::float8 as created_ms,
  (select i.image from product_images i where i.product_id = p.id
    order by i.position, i.id limit 1) as primary_image,
  p.search_vector::text as vector, ${productStockSql('p')} as stock,
  r.count as rating_count, r.sum as rating_sum`;

function toProduct(row: ProductRow): ProductDoc {
  return {
    id: row.id,
    name: row.name,
    businessId: row.business_id,
    priceCents: row.price_cents,
    createdMs: Number(row.created_ms),
    productCategory: row.product_category,
    secondHand: row.condition === 'second_hand',
    primaryImage: row.primary_image,
    vector: row.vector,
    stock: row.stock,
    ratingCount: row.rating_count ?? 0,
    ratingSum: row.rating_sum ?? 0,
  };
}

/** Products by id order after `afterId`, `limit` of them (a load's batch). */
export async function productsAfter(db: Db, afterId: number, limit: number): Promise<ProductDoc[]> {
  const rows = await rowsOf<ProductRow>(
    db,
    sql`select ${productColumns} from products p
      left join product_ratings r on r.product_id = p.id
      where p.id > ${afterId} and p.status = 'active'
      order by p.id limit ${limit}`,
  );
  return rows.map(toProduct);
}

/** The products of these ids that exist and are in the shop (a draft or archived one is not). */
export async function productsByIds(db: Db, ids: readonly number[]): Promise<ProductDoc[]> {
  const rows = await rowsOf<ProductRow>(
    db,
    sql`select ${productColumns} from products p
      left join product_ratings r on r.product_id = p.id
      where p.id = any(${pgArray(ids)}::int[]) and p.status = 'active'`,
  );
  return rows.map(toProduct);
}

/** The brands `where` selects (over `businesses b`), with where each ships free from. */
async function brandsWhere(db: Db, where: SQL): Promise<BrandDoc[]> {
  const rows = await rowsOf<BrandRow>(
    db,
    sql`select b.id, b.name, b.is_active, b.verified from businesses b where ${where}`,
  );
  const byCountry = await freeShippingByCountryOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const freeFrom = byCountry.get(row.id)!;
    return {
      id: row.id,
      name: row.name,
      active: row.is_active,
      verified: row.verified,
      // The US amount is one of the per-country amounts (one read of the settings, not two).
      freeShippingFromCents: freeFrom.countries[FREE_SHIPPING_COUNTRY] ?? freeFrom.elsewhereCents,
      freeShippingByCountry: freeFrom,
    };
  });
}

export const allBrands = (db: Db) => brandsWhere(db, sql`true`);

/** These brands: those that exist, and each one gone as a closed brand without a name. */
export async function brandsByIds(db: Db, ids: readonly number[]): Promise<BrandDoc[]> {
  const found = await brandsWhere(db, sql`b.id = any(${pgArray(ids)}::int[])`);
  const gone = new Set(ids);
  for (const brand of found) gone.delete(brand.id);
  return [
    ...found,
    ...[...gone].map((id) => ({
      id,
      name: null,
      active: false,
      verified: false,
      freeShippingFromCents: 0,
    })),
  ];
}
