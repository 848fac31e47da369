import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { MediaStorage } from '../src/adapters/storage/storage';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/raw-rows';
import { saveImage } from '../src/modules/media';
import { type Result, summarize } from './harness';

/**
 * The seller's side in `npm run bench` (issue 11): the dashboard's orders and products reads
 * of a business with 5,000 orders and 2,000 products, and the image pipeline's throughput on a
 * 2 MB photo. The bench business is made once in the bench database (owned by `bench-seller`)
 * and reused by later runs.
 */

export const SELLER_PRODUCTS = 2_000;
export const SELLER_ORDERS = 5_000;
const BUSINESS_NAME = 'Bench Seller Co';

/** Rows of a raw query (the bench runs on node-postgres). */
export { rowsOf };

/** A bench business of `ownerId` by its name, made (verified, payouts active) when missing. */
export async function ensureBenchBusiness(
  db: Db,
  ownerId: number,
  business: { name: string; description: string; email: string; accountId: string },
): Promise<number> {
  const found = await rowsOf<{ id: number }>(
    db,
    sql`select id from businesses where owner_id = ${ownerId} and name = ${business.name}`,
  );
  if (found[0]) return found[0].id;
  const made = await rowsOf<{ id: number }>(
    db,
    sql`
    insert into businesses (owner_id, name, description, email, shipping_strategy, price_range,
      production, verified, stripe_account_id, stripe_status)
    values (${ownerId}, ${business.name}, ${business.description}, ${business.email},
      'Ships in 2 days', '$$', 'Made in Oregon', true, ${business.accountId}, 'active')
    returning id`,
  );
  return made[0]!.id;
}

/** The bench seller's business, filled to 2,000 products and 5,000 orders (paid, with lines). */
export async function ensureSellerBusiness(db: Db, ownerId: number): Promise<number> {
  const businessId = await ensureBenchBusiness(db, ownerId, {
    name: BUSINESS_NAME,
    description: 'A brand with a long history of orders.',
    email: 'bench-seller@example.com',
    accountId: 'acct_bench_seller',
  });
  const counted = await rowsOf<{ products: number; orders: number }>(
    db,
    sql`
    select (select count(*)::int from products where business_id = ${businessId}) as products,
           (select count(*)::int from orders where business_id = ${businessId}) as orders`,
  );
  const have = counted[0]!;
  if (have.products < SELLER_PRODUCTS) {
    await db.execute(sql`
      with made as (
        insert into products (business_id, name, description, price_cents, product_category,
          option_names, created_at)
        select ${businessId}, 'Bench product ' || g, 'Organic cotton, made to last. Item ' || g,
          1000 + (g % 90) * 100, 'Apparel', array['Size'],
          now() - (g || ' minutes')::interval
        from generate_series(${have.products + 1}::int, ${SELLER_PRODUCTS}::int) g
        returning id, price_cents
      ), sized as (
        insert into variants (product_id, option1, price_cents, position)
        select made.id, s.size, case when s.pos = 2 then made.price_cents + 500 end, s.pos
        from made cross join (values ('S', 0), ('M', 1), ('L', 2)) as s(size, pos)
        returning product_id
      )
      insert into product_images (product_id, image, alt_text, position)
      select id, 'bench/product.webp', '', 0 from made`);
  }
  if (have.orders < SELLER_ORDERS) {
    await db.execute(sql`
      with picked as (
        select id, name, price_cents, row_number() over (order by id) as k
        from products where business_id = ${businessId}
      ), made as (
        insert into orders (business_id, user_full_name, user_email, status, subtotal_cents,
          shipping_fee_cents, total_cents, payout_cents, tracking_number, card_brand,
          shipping_address, created_at)
        select ${businessId}, 'Buyer ' || g, 'buyer' || g || '@example.com',
          (array['Paid','Shipped','Delivered','Paid','Refunded','Canceled'])[1 + g % 6],
          4000, 500, 4500, 4500 - 135, case when g % 6 in (1, 2) then '1Z999AA1' || g else '' end,
          'visa',
          jsonb_build_object('name', 'Buyer ' || g, 'line1', g || ' Main St', 'line2', '',
            'city', 'Portland', 'state', 'OR', 'postal_code', '97201', 'country', 'US',
            'phone', '503-555-0100'),
          now() - (g || ' hours')::interval
        from generate_series(${have.orders + 1}::int, ${SELLER_ORDERS}::int) g
        returning id
      ), lines as (
        insert into order_items (order_id, product_id, product_name, product_price_cents,
          quantity, total_price_cents, variant_options)
        select made.id, p.id, p.name, 2000, 2, 4000, '{"Size":"M"}'::jsonb
        from made join picked p on p.k = 1 + made.id % ${SELLER_PRODUCTS}
        returning order_id
      )
      insert into payouts (order_id, business_id, amount_cents, commission_cents,
        transfer_group, transfer_id, status, paid_at)
      select id, ${businessId}, 4500 - 135, 135, 'checkout_bench_' || id, 'tr_bench_' || id,
        'paid', now()
      from made`);
  }
  // Checkouts too: their paid-or-not test is in every order read (autovacuum may be off).
  await db.execute(
    sql`analyze orders, order_items, products, variants, product_images, payouts, checkouts`,
  );
  return businessId;
}

/** A photo-like JPEG of about 2 MB (gradients and grain, as a phone picture compresses). */
export async function twoMegabytePhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const grain = (seed >> 16) % 48;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width / 1.5 + grain;
      pixels[i + 1] = (y * 255) / height / 1.5 + grain;
      pixels[i + 2] = 90 + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * Uploads per second through the pipeline (decode, orient, strip, three WebP widths, write),
 * `concurrency` at a time for `seconds`, as `saveImage` does for every seller upload.
 */
export async function imagePipelineThroughput(
  photo: Buffer,
  options: { seconds: number; concurrency: number },
): Promise<Result> {
  const written = { bytes: 0 };
  const storage: MediaStorage = {
    folder: undefined,
    async put(_key, data) {
      written.bytes += data.length;
    },
    async delete() {},
    async get() {
      return null;
    },
    async close() {},
  };
  const latencies: number[] = [];
  const until = Date.now() + options.seconds * 1000;
  let errors = 0;
  const loop = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        await saveImage(storage, 'bench', photo);
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const elapsed = (Date.now() - started) / 1000;
  return summarize(
    `image pipeline: ${(photo.length / 2 ** 20).toFixed(1)} MB photo → 3 WebP widths, ${options.concurrency} at a time`,
    latencies,
    errors,
    elapsed,
  );
}
