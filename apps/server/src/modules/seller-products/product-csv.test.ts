import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MESSAGES,
  PRODUCT_MESSAGES,
  type ProductImportResponse,
  type SellerProduct,
} from '@leafline/contract';
import { parse } from 'csv-parse/sync';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import type { Headers } from '../../../test/helpers/buying';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { products, stockLevels, variants } from '../../db/schema/index';

/** Issue 29, point 7: the products CSV, exported and imported in the same columns. */

let t: TestApp;
let owner: Headers;
let businessId = 0;
let other: { headers: Headers; businessId: number };
beforeAll(async () => {
  t = await buildTestApp();
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  businessId = (await addBusiness(t.db, { ownerId: seller.shopper.id })).id;
  const stranger = await signedInShopper(t.app);
  other = {
    headers: stranger.headers,
    businessId: (await addBusiness(t.db, { ownerId: stranger.shopper.id })).id,
  };
});
afterAll(async () => {
  await t.close();
});

const BASE = {
  description: 'Undyed wool.',
  price: '30.00',
  condition: 'new',
  product_category: 'Accessories',
};

async function add(fields: Record<string, string>, who = owner, business = businessId) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...BASE, ...fields })) form.append(key, value);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/add-product/${business}/`,
    headers: who,
    payload: form,
  });
  expect(res.statusCode).toBe(201);
  return res.json().product as SellerProduct;
}

const exported = async (headers = owner, business = businessId) =>
  t.app.inject({ url: `/api/business/products/${business}/export/`, headers });

/** A CSV of the export's columns from rows of cells by column (missing ones empty). */
function csvOf(rows: Array<Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>>) {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [
    PRODUCT_CSV_COLUMNS.join(','),
    ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((c) => quote(row[c] ?? '')).join(',')),
  ].join('\r\n');
}

async function importCsv(csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  return t.app.inject({
    method: 'POST',
    url: `/api/business/products/${businessId}/import/${dryRun ? '?dry_run=true' : ''}`,
    headers: owner,
    payload: form,
  });
}

const tableCounts = async () => ({
  products: (await t.db.select({ n: count() }).from(products))[0]!.n,
  variants: (await t.db.select({ n: count() }).from(variants))[0]!.n,
  stock: (await t.db.select({ n: count() }).from(stockLevels))[0]!.n,
});

const mine = async () =>
  (
    await t.app.inject({
      url: `/api/business/products/${businessId}/?page=1`,
      headers: owner,
    })
  ).json() as SellerProduct[];

describe('the products CSV', () => {
  it('exports a row per product or variant, and imports its own export changing nothing', async () => {
    await add({ name: '=HYPERLINK("x")', sku: 'CAP-1', stock: '3', compare_at_price: '35' });
    await add({
      name: 'Beanie',
      'option_names[0]': 'Colour',
      'variants[0].option1': 'Oat',
      'variants[0].sku': 'BEANIE-OAT',
      'variants[0].stock': '',
      'variants[1].option1': 'Moss',
      'variants[1].price': '32.50',
      'variants[1].sku': 'BEANIE-MOSS',
      'variants[1].stock': '7',
    });
    const res = await exported();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leafline-products-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(
      rows.map((r) => [cell(r, 'sku'), cell(r, 'option1'), cell(r, 'price'), cell(r, 'stock')]),
    ).toEqual([
      ['CAP-1', '', '30.00', '3'],
      ['BEANIE-OAT', 'Oat', '30.00', ''],
      ['BEANIE-MOSS', 'Moss', '32.50', '7'],
    ]);
    // A name that looks like a formula is written as text.
    expect(cell(rows[0]!, 'name')).toBe('\'=HYPERLINK("x")');
    expect(cell(rows[0]!, 'compare_at_price')).toBe('35.00');
    expect(cell(rows[1]!, 'option1_name')).toBe('Colour');

    const before = JSON.stringify(await mine());
    const preview = await importCsv(res.body, true);
    expect(preview.statusCode).toBe(200);
    const body: ProductImportResponse = preview.json();
    expect(body).toMatchObject({ dry_run: true, created: 0, updated: 3 });
    expect(body.message).toBe(PRODUCT_IMPORT_MESSAGES.preview(0, 3));
    expect(body.rows.map((r) => [r.row, r.sku, r.action, r.errors])).toEqual([
      [2, 'CAP-1', 'update', []],
      [3, 'BEANIE-OAT', 'update', []],
      [4, 'BEANIE-MOSS', 'update', []],
    ]);
    const done = await importCsv(res.body, false);
    expect(done.json()).toMatchObject({ created: 0, updated: 3, dry_run: false });
    const strip = (list: SellerProduct[]) =>
      JSON.stringify(list.map(({ updated_at: _u, ...rest }) => rest));
    expect(strip(await mine())).toBe(strip(JSON.parse(before)));
  });

  it('creates and updates by SKU: new products, a new product’s variants, a variant of one it has', async () => {
    const scarf = await add({ name: 'Scarf', sku: 'SCARF-1' });
    const csv = csvOf([
      // Updates: the scarf's price, status and stock.
      {
        sku: 'scarf-1',
        name: 'Scarf',
        description: 'Warm.',
        price: '41.00',
        status: 'draft',
        stock: '2',
      },
      // A new product without variants.
      {
        sku: 'MITT-1',
        name: 'Mittens',
        description: 'Felted.',
        product_category: 'Accessories',
        price: '22.00',
        compare_at_price: '25.00',
      },
      // A new product with two variants (same name, option values).
      {
        sku: 'SOCK-S',
        name: 'Socks',
        description: 'Merino.',
        product_category: 'Apparel',
        option1_name: 'Size',
        option1: 'S',
        price: '12.00',
        stock: '5',
      },
      {
        sku: 'SOCK-L',
        name: 'Socks',
        description: 'Merino.',
        product_category: 'Apparel',
        option1_name: 'Size',
        option1: 'L',
        price: '13.00',
      },
      // A new variant of the scarf.
      {
        product_id: String(scarf.id),
        sku: 'SCARF-RED',
        name: 'Scarf',
        description: 'Warm.',
        option1_name: 'Colour',
        option1: 'Red',
        price: '43.00',
      },
    ]);
    const res = await importCsv(csv, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PRODUCT_IMPORT_MESSAGES.imported(4, 1),
      created: 4,
      updated: 1,
    });
    const list = await mine();
    const byName = (name: string) => list.find((p) => p.name === name)!;
    expect(byName('Scarf')).toMatchObject({
      price: '41.00',
      status: 'draft',
      description: 'Warm.',
    });
    expect(byName('Scarf').variants.map((v) => [v.option1, v.price, v.sku])).toEqual([
      ['Red', '43.00', 'SCARF-RED'],
    ]);
    expect(byName('Mittens')).toMatchObject({
      sku: 'MITT-1',
      compare_at_price: '25.00',
      status: 'active',
      product_category: 'Accessories',
      stock: null,
    });
    expect(byName('Socks').option_names).toEqual(['Size']);
    expect(byName('Socks').variants.map((v) => [v.option1, v.price, v.sku, v.stock])).toEqual([
      ['S', '12.00', 'SOCK-S', 5],
      ['L', '13.00', 'SOCK-L', null],
    ]);
    // The new product is in the shop (active), found by its page.
    expect((await t.app.inject({ url: `/api/products/${byName('Mittens').id}/` })).statusCode).toBe(
      200,
    );
  });

  it('reports each row’s errors and writes nothing when any row has one', async () => {
    const stranger = await add(
      { name: 'Not yours', sku: 'THEIRS-1' },
      other.headers,
      other.businessId,
    );
    const before = await tableCounts();
    const snapshot = JSON.stringify(await mine());
    const csv = csvOf([
      {
        sku: 'OK-1',
        name: 'Fine',
        description: 'Fine.',
        product_category: 'Accessories',
        price: '10.00',
      },
      {
        sku: '',
        name: 'No code',
        description: 'x',
        product_category: 'Accessories',
        price: '10.00',
      },
      {
        sku: 'BAD-PRICE',
        name: 'Bad',
        description: 'x',
        product_category: 'Accessories',
        price: 'ten',
      },
      {
        sku: 'ok-1',
        name: 'Twice',
        description: 'x',
        product_category: 'Accessories',
        price: '10.00',
      },
      {
        sku: 'WAS',
        name: 'Was',
        description: 'x',
        product_category: 'Accessories',
        price: '10.00',
        compare_at_price: '9.00',
      },
      {
        product_id: String(stranger.id),
        sku: 'V-1',
        name: 'V',
        description: 'x',
        option1: 'S',
        price: '10.00',
      },
      { sku: 'NO-CAT', name: 'No category', description: 'x', price: '10.00', stock: '-1' },
    ]);
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, dryRun);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(PRODUCT_IMPORT_MESSAGES.hasErrors(6));
      const rows = res.json().rows as ProductImportResponse['rows'];
      expect(rows.map((r) => [r.row, r.errors])).toEqual([
        [2, []],
        [3, [PRODUCT_IMPORT_MESSAGES.skuRequired]],
        [4, [PRODUCT_MESSAGES.price]],
        [5, [PRODUCT_IMPORT_MESSAGES.skuTwice(2)]],
        [6, [PRODUCT_MESSAGES.compareAtAbovePrice]],
        [7, [PRODUCT_IMPORT_MESSAGES.unknownProduct]],
        [8, [expect.stringMatching(/^Stock/)]],
      ]);
    }
    expect(await tableCounts()).toEqual(before);
    expect(JSON.stringify(await mine())).toBe(snapshot);
    // Another brand's SKU is not this brand's: the same code makes a new product here.
    const own = await importCsv(
      csvOf([
        {
          sku: 'THEIRS-1',
          name: 'Mine now',
          description: 'x',
          product_category: 'Accessories',
          price: '9.00',
        },
      ]),
      true,
    );
    expect(own.json().rows[0]).toMatchObject({ action: 'create', errors: [] });
  });

  it('refuses a file it cannot read: no file, missing columns, no rows; owner only', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/business/products/${businessId}/import/`,
      headers: owner,
      payload: (() => {
        const form = new FormData();
        form.append('note', 'x');
        return form;
      })(),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(PRODUCT_IMPORT_MESSAGES.noFile);
    const columns = await importCsv('sku,name\r\nA,B', true);
    expect(columns.json().error).toBe(
      PRODUCT_IMPORT_MESSAGES.columns(
        PRODUCT_CSV_COLUMNS.filter((c) => c !== 'sku' && c !== 'name'),
      ),
    );
    expect((await importCsv(PRODUCT_CSV_COLUMNS.join(','), true)).json().error).toBe(
      PRODUCT_IMPORT_MESSAGES.noRows,
    );
    expect((await exported(other.headers)).statusCode).toBe(404);
  });
});
