import {
  errorResponse,
  LOW_STOCK_THRESHOLD,
  messageResponse,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_MESSAGES,
  productBulkBody,
  productBulkResponse,
  productIdParams,
  productImportErrorResponse,
  productImportQuery,
  productImportResponse,
  productSavedResponse,
  productStatusBody,
  sellerProductsQuery,
  sellerProductsResponse,
  stockUpdateBody,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsvFile } from '../../lib/csv';
import { readMultipartForm } from '../../lib/multipart-form';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, requireOwnedProduct, sellerScope } from '../businesses';
import { importProducts, productsCsv, productsFileName } from './product-csv';
import {
  addProduct,
  bulkChange,
  duplicateProduct,
  editProduct,
  listSellerProducts,
  removeProduct,
  type SellerProductsDeps,
  updateStatus,
  updateStock,
} from './seller-products.service';

/**
 * SPEC §7 the seller's product calls (DESIGN 2.16: the owner only; anything else is a 404).
 * The add and edit forms are multipart with the §7 keys, read by `product-form.ts`.
 */
export async function sellerProductsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: SellerProductsDeps = {
    db: app.deps.db,
    storage: app.deps.storage,
    catalogCache: app.deps.catalogCache,
  };
  const common = { tags: ['seller products'], security: bearerSecurity };
  const formNote =
    'multipart/form-data: name, description, price, condition, category, product_category, ' +
    'clear_images, option_names[i], existingImages[i], images[i].image (files), stock, ' +
    'variants[i].option1/option2/price/id/clear_images/stock/existingImages[j]/images[j].image. ' +
    'Beside them (decisions 0024, 0028): images[i].option1/option2, ' +
    'existingImages[i].option1/option2, and the 0-based final place of each picture, ' +
    'images[i].position, existingImages[i].position, variants[i].images[j].position, ' +
    'variants[i].existingImages[j].position (one for every picture of a list, or none).';

  app.get(
    fastifyPath(ROUTES.sellerProducts),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: "A business's products, newest first, a page at a time (its owner only)",
        description: `${TOTAL_COUNT_HEADER} carries the total. stock=low: the "Low stock" view (a counted product or variant at ${LOW_STOCK_THRESHOLD} or fewer left, fewest first). status: active, draft or archived only. q: part of the name or of a SKU, any case.`,
        params: businessIdParams,
        querystring: sellerProductsQuery,
        response: { 200: sellerProductsResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      const { products, total } = await listSellerProducts(deps, businessId, request.query.page, {
        lowStock: request.query.stock === 'low',
        status: request.query.status,
        q: request.query.q,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return products;
    },
  );

  app.post(
    fastifyPath(ROUTES.bulkProducts),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: 'Change the status or the price of several products at once (the owner only)',
        description:
          'JSON: ids (1 to 100 of the business’s products), action (active, draft, archived or price) and, for price, percent (-90 to 1000, not 0): each price and variant’s own price changed by it, to the cent. All or nothing.',
        params: businessIdParams,
        body: productBulkBody,
        response: { 200: productBulkResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId } = sellerScope(request);
      return bulkChange(deps, businessId, request.body);
    },
  );

  app.get(
    fastifyPath(ROUTES.exportProducts),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: "A business's products as CSV, a row per product or variant (its owner only)",
        description: `Columns: ${PRODUCT_CSV_COLUMNS.join(', ')}. The import takes the same.`,
        params: businessIdParams,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      return sendCsvFile(
        reply,
        productsFileName(businessId),
        await productsCsv(deps.db, businessId),
      );
    },
  );

  app.post(
    fastifyPath(ROUTES.importProducts),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: 'Create or update products by SKU from a CSV file (its owner only)',
        description: `multipart/form-data: file (the export's columns: ${PRODUCT_CSV_COLUMNS.join(', ')}). dry_run=true: the preview, nothing written. Rows with errors: a 400 listing every row with its errors, nothing written.`,
        params: businessIdParams,
        querystring: productImportQuery,
        response: { 200: productImportResponse, '4xx': productImportErrorResponse },
      },
    },
    async (request) => {
      const { businessId } = sellerScope(request);
      const form = await readMultipartForm(request, { maxFiles: 1 });
      return importProducts(deps, businessId, form, request.query.dry_run);
    },
  );

  app.post(
    fastifyPath(ROUTES.addProduct),
    {
      onRequest: authenticate,
      // Somebody else's business is a 404 before a byte of the form is read.
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: 'Add a product with its pictures and variants (the business owner only)',
        description: formNote,
        params: businessIdParams,
        response: { 201: productSavedResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      const form = await readMultipartForm(request);
      const product = await addProduct(deps, businessId, form);
      return reply.status(201).send({ message: PRODUCT_MESSAGES.added, product });
    },
  );

  app.put(
    fastifyPath(ROUTES.editProduct),
    {
      onRequest: authenticate,
      preValidation: requireOwnedProduct,
      schema: {
        ...common,
        summary: 'Edit a product, its pictures and variants (the business owner only)',
        description: formNote,
        params: productIdParams,
        response: { 200: productSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, productId } = sellerScope(request);
      const form = await readMultipartForm(request);
      const product = await editProduct(deps, businessId, productId!, form);
      return { message: PRODUCT_MESSAGES.saved, product };
    },
  );

  app.patch(
    fastifyPath(ROUTES.updateProductStock),
    {
      onRequest: authenticate,
      preValidation: requireOwnedProduct,
      schema: {
        ...common,
        summary: "Set a product's stock, or its variants' (the business owner only)",
        description:
          'JSON: stock (a whole number, or null: not counted) for a product without variants, variants [{ id, stock }] for its variants.',
        params: productIdParams,
        body: stockUpdateBody,
        response: { 200: productSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, productId } = sellerScope(request);
      const product = await updateStock(deps, businessId, productId!, request.body);
      return { message: PRODUCT_MESSAGES.stockSaved, product };
    },
  );

  app.patch(
    fastifyPath(ROUTES.updateProductStatus),
    {
      onRequest: authenticate,
      preValidation: requireOwnedProduct,
      schema: {
        ...common,
        summary: 'Put a product in the shop (active) or take it out (draft, archived)',
        description:
          'JSON: status (active, draft or archived). Only an active product is in the shop and its search; an archived one keeps its orders.',
        params: productIdParams,
        body: productStatusBody,
        response: { 200: productSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, productId } = sellerScope(request);
      const product = await updateStatus(deps, businessId, productId!, request.body.status);
      return { message: PRODUCT_MESSAGES.statusSaved(product.status), product };
    },
  );

  app.post(
    fastifyPath(ROUTES.duplicateProduct),
    {
      onRequest: authenticate,
      preValidation: requireOwnedProduct,
      schema: {
        ...common,
        summary: 'Copy a product as a draft (the business owner only)',
        description:
          'The copy ("Copy of …") has its fields, pictures and live variants; not its SKUs, stock or Shopify link.',
        params: productIdParams,
        response: { 201: productSavedResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId, productId } = sellerScope(request);
      const product = await duplicateProduct(deps, businessId, productId!);
      return reply.status(201).send({ message: PRODUCT_MESSAGES.duplicated, product });
    },
  );

  app.delete(
    fastifyPath(ROUTES.deleteProduct),
    {
      onRequest: authenticate,
      preValidation: requireOwnedProduct,
      schema: {
        ...common,
        summary: 'Delete a product from the shop (the business owner only)',
        params: productIdParams,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, productId } = sellerScope(request);
      await removeProduct(deps, businessId, productId!);
      return { message: PRODUCT_MESSAGES.deleted };
    },
  );
}
