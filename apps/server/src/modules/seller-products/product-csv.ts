import {
  centsToPrice,
  DEFAULT_PRODUCT_CATEGORY,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_IMPORT_MESSAGES,
  PRODUCT_MESSAGES,
  type ProductCsvColumn,
  type ProductCsvRow,
  type ProductImportResponse,
  type ProductImportRow,
  productCsvRow,
} from '@leafline/contract';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import { CSV_BOM, csvField, csvRecord, csvTextBack } from '../../lib/csv';
import { AppError, fieldError } from '../../lib/errors';
import type { MultipartForm } from '../../lib/multipart-form';
import { listLiveVariantsOfProducts } from '../catalog';
import { setCount } from '../stock';
import {
  insertProduct,
  insertVariant,
  listBrandProducts,
  listSkuOwners,
  type ProductValues,
  type SkuOwner,
  updateProduct,
  updateVariant,
} from './seller-products.repo';

/**
 * The products CSV of issue 29, point 7 (decision 0046): export, and import in the same
 * columns, created or updated by SKU, previewed row by row before anything is written.
 */

// ---- export ----

/** The brand's products as CSV: a row per product without variants, or per live variant. */
export async function productsCsv(db: Db, businessId: number): Promise<string> {
  const rows = await listBrandProducts(db, businessId);
  let csv = CSV_BOM + csvRecord([...PRODUCT_CSV_COLUMNS]);
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const variantsOf = await listLiveVariantsOfProducts(
      db,
      batch.map((r) => r.id),
    );
    for (const product of batch) {
      const base = {
        product_id: String(product.id),
        name: product.name,
        description: product.description,
        status: product.status,
        condition: product.condition,
        product_category: product.productCategory,
        category: product.category,
        option1_name: product.optionNames[0] ?? '',
        option2_name: product.optionNames[1] ?? '',
      };
      const units = variantsOf.get(product.id) ?? [];
      const cells: Array<Record<ProductCsvColumn, string>> = units.length
        ? units.map((v) => ({
            ...base,
            sku: v.sku ?? '',
            option1: v.option1,
            option2: v.option2 ?? '',
            price: centsToPrice(v.priceCents ?? product.priceCents),
            compare_at_price: centsOrEmpty(
              v.compareAtCents ?? (v.priceCents === null ? product.compareAtCents : null),
            ),
            stock: v.stock === null ? '' : String(v.stock),
          }))
        : [
            {
              ...base,
              sku: product.sku ?? '',
              option1: '',
              option2: '',
              price: centsToPrice(product.priceCents),
              compare_at_price: centsOrEmpty(product.compareAtCents),
              stock: product.stock === null ? '' : String(product.stock),
            },
          ];
      for (const cell of cells) {
        csv += csvRecord(PRODUCT_CSV_COLUMNS.map((column) => csvField(cell[column])));
      }
    }
  }
  return csv;
}

const centsOrEmpty = (cents: number | null) => (cents === null ? '' : centsToPrice(cents));

export const productsFileName = (businessId: number) =>
  `leafline-products-${businessId}-${new Date().toISOString().slice(0, 10)}.csv`;

// ---- import ----

/** A 400 about the file as a whole. */
const fileError = (message: string) => fieldError('file', message);

/** The file's rows as text cells by column, with their line numbers (the header is line 1). */
function readRows(form: MultipartForm): Array<{ line: number; cells: Record<string, string> }> {
  const file = form.files.get('file');
  if (!file) throw fileError(PRODUCT_IMPORT_MESSAGES.noFile);
  let records: string[][];
  try {
    records = parse(file.data, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch {
    throw fileError(PRODUCT_IMPORT_MESSAGES.unreadable);
  }
  const [header, ...data] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = PRODUCT_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) throw fileError(PRODUCT_IMPORT_MESSAGES.columns(missing));
  if (!data.length) throw fileError(PRODUCT_IMPORT_MESSAGES.noRows);
  if (data.length > PRODUCT_IMPORT_MAX_ROWS) throw fileError(PRODUCT_IMPORT_MESSAGES.tooManyRows);
  return data.map((record, i) => {
    const cells: Record<string, string> = {};
    for (const column of PRODUCT_CSV_COLUMNS) {
      cells[column] = csvTextBack(record[names.indexOf(column)] ?? '');
    }
    return { line: i + 2, cells };
  });
}

/** What one row does once checked. */
type Planned =
  | { kind: 'update-product'; productId: number; row: ProductCsvRow }
  | { kind: 'update-variant'; productId: number; variantId: number; row: ProductCsvRow }
  | { kind: 'new-variant'; productId: number; row: ProductCsvRow }
  | { kind: 'new-product'; key: string; row: ProductCsvRow };

interface Plan {
  rows: ProductImportRow[];
  steps: Planned[];
}

/**
 * Every row checked on its own (the form's rules) and against the brand's products and the
 * other rows (a SKU once in the file; product_id the brand's; a SKU of one product is not
 * moved to another), each with what it would do.
 */
async function planImport(db: Db, businessId: number, form: MultipartForm): Promise<Plan> {
  const read = readRows(form);
  const { owners, productIds } = await listSkuOwners(db, businessId);
  const seen = new Map<string, number>();
  const rows: ProductImportRow[] = [];
  const steps: Planned[] = [];
  for (const { line, cells } of read) {
    const parsed = productCsvRow.safeParse(cells);
    const errors = parsed.success
      ? []
      : [...new Set(parsed.error.issues.map((issue) => issue.message))];
    const sku = cells.sku!.trim();
    const key = sku.toLowerCase();
    const earlier = seen.get(key);
    if (sku && earlier !== undefined) errors.push(PRODUCT_IMPORT_MESSAGES.skuTwice(earlier));
    if (sku && earlier === undefined) seen.set(key, line);
    const owner: SkuOwner | undefined = sku ? owners.get(key) : undefined;
    let step: Planned | undefined;
    if (parsed.success) {
      const row = parsed.data;
      if (row.product_id !== null && !productIds.has(row.product_id)) {
        errors.push(PRODUCT_IMPORT_MESSAGES.unknownProduct);
      } else if (owner) {
        if (row.product_id !== null && row.product_id !== owner.productId) {
          errors.push(PRODUCT_IMPORT_MESSAGES.otherProduct);
        } else if (owner.variantId !== null && !row.option1) {
          errors.push(PRODUCT_IMPORT_MESSAGES.option1Required);
        }
        step =
          owner.variantId === null
            ? { kind: 'update-product', productId: owner.productId, row }
            : {
                kind: 'update-variant',
                productId: owner.productId,
                variantId: owner.variantId,
                row,
              };
      } else if (row.product_id !== null) {
        if (!row.option1) errors.push(PRODUCT_IMPORT_MESSAGES.option1Required);
        step = { kind: 'new-variant', productId: row.product_id, row };
      } else {
        if (!row.product_category) errors.push(PRODUCT_MESSAGES.productCategory);
        // Rows with option values and one name are one new product's variants.
        step = { kind: 'new-product', key: row.option1 ? `name:${row.name}` : `sku:${key}`, row };
      }
    }
    rows.push({
      row: line,
      sku,
      name: (cells.name ?? '').trim(),
      action: owner ? 'update' : 'create',
      errors,
    });
    if (step && !errors.length) steps.push(step);
  }
  return { rows, steps };
}

/**
 * The product's own fields from a row. An empty choice (condition, category, product category,
 * option names, status) is the default on a new product and keeps the stored one on an update.
 */
function productValuesOf(row: ProductCsvRow, update: false): ProductValues;
function productValuesOf(row: ProductCsvRow, update: true): Partial<ProductValues>;
function productValuesOf(row: ProductCsvRow, update: boolean): Partial<ProductValues> {
  const names = [row.option1_name, row.option2_name];
  while (names.length && names.at(-1) === '') names.pop();
  return {
    name: row.name,
    description: row.description,
    priceCents: row.price,
    ...(row.condition || !update ? { condition: row.condition ?? 'new' } : {}),
    ...(row.category || !update ? { category: row.category || DEFAULT_PRODUCT_CATEGORY } : {}),
    ...(row.product_category || !update ? { productCategory: row.product_category ?? '' } : {}),
    ...(names.length || !update ? { optionNames: names } : {}),
    ...(row.status || !update ? { status: row.status ?? 'active' } : {}),
  };
}

/** The plan written, in the caller's transaction. */
async function writePlan(db: Db, businessId: number, steps: readonly Planned[]) {
  let created = 0;
  let updated = 0;
  const newProducts = new Map<string, number>();
  const positions = new Map<number, number>();
  const nextPosition = (productId: number) => {
    const at = (positions.get(productId) ?? 1000) + 1;
    positions.set(productId, at);
    return at;
  };
  for (const step of steps) {
    const { row } = step;
    if (step.kind === 'update-product') {
      await updateProduct(db, step.productId, {
        ...productValuesOf(row, true),
        compareAtCents: row.compare_at_price,
        sku: row.sku,
      });
      await setCount(db, { productId: step.productId, variantId: null }, row.stock ?? null);
      updated += 1;
      continue;
    }
    if (step.kind !== 'new-product') {
      // A variant row carries its product's fields too (its price is the variant's own).
      const { priceCents: _variantPrice, ...fields } = productValuesOf(row, true);
      await updateProduct(db, step.productId, fields);
    }
    let productId: number;
    if (step.kind === 'new-product') {
      const known = newProducts.get(step.key);
      if (known === undefined) {
        const variant = row.option1 !== '';
        productId = await insertProduct(db, businessId, {
          ...productValuesOf(row, false),
          compareAtCents: variant ? null : row.compare_at_price,
          sku: variant ? null : row.sku,
        });
        newProducts.set(step.key, productId);
        if (!variant) {
          await setCount(db, { productId, variantId: null }, row.stock ?? null);
          created += 1;
          continue;
        }
      } else {
        productId = known;
      }
    } else {
      productId = step.productId;
    }
    const variant = {
      option1: row.option1,
      option2: row.option2 || null,
      priceCents: row.price,
      compareAtCents: row.compare_at_price,
      sku: row.sku,
    };
    if (step.kind === 'update-variant') {
      await updateVariant(db, productId, step.variantId, variant);
      await setCount(db, { productId, variantId: step.variantId }, row.stock ?? null);
      updated += 1;
    } else {
      const variantId = await insertVariant(db, productId, {
        ...variant,
        position: nextPosition(productId),
      });
      await setCount(db, { productId, variantId }, row.stock ?? null);
      created += 1;
    }
  }
  return { created, updated };
}

/**
 * The import (issue 29, point 7): with `dryRun` the preview, nothing written; else all of it in
 * one transaction, or — when any row has an error — nothing, a 400 carrying every row.
 */
export async function importProducts(
  deps: { db: Db; catalogCache: { clear(): void } },
  businessId: number,
  form: MultipartForm,
  dryRun: boolean,
): Promise<ProductImportResponse> {
  const plan = await planImport(deps.db, businessId, form);
  const bad = plan.rows.filter((row) => row.errors.length).length;
  const creates = plan.rows.filter((row) => row.action === 'create').length;
  const updates = plan.rows.length - creates;
  const answer = (message: string, created: number, updated: number): ProductImportResponse => ({
    message,
    dry_run: dryRun,
    created,
    updated,
    rows: plan.rows,
  });
  if (bad) throw new AppError(400, PRODUCT_IMPORT_MESSAGES.hasErrors(bad), { rows: plan.rows });
  if (dryRun) return answer(PRODUCT_IMPORT_MESSAGES.preview(creates, updates), creates, updates);
  const done = await deps.db.transaction((tx) => writePlan(tx, businessId, plan.steps));
  deps.catalogCache.clear();
  return answer(
    PRODUCT_IMPORT_MESSAGES.imported(done.created, done.updated),
    done.created,
    done.updated,
  );
}
