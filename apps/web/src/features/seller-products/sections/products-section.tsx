import { PRODUCT_STATUSES, type ProductStatus } from '@leafline/contract/constants';
import type { ProductBulkBody, SellerProduct } from '@leafline/contract/seller-products';
import PackageCheck from 'lucide-react/icons/package-check';
import PackageOpen from 'lucide-react/icons/package-open';
import Plus from 'lucide-react/icons/plus';
import SearchX from 'lucide-react/icons/search-x';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PressedChoice } from '@/components/seller/pressed-choice';
import { PickBox, SelectionBar, usePicked } from '@/components/seller/selection-bar';
import { EmptyList, type ListStates, SellerList } from '@/components/seller/seller-list';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { siblingSection } from '@/lib/seller/dashboard-sections';
import { type PagedList, pageCount } from '@/lib/seller/paged-list';
import { useSearchText } from '@/lib/seller/use-search-text';
import { useSectionPage } from '@/lib/seller/use-section-page';
import { useDeleteProduct } from '../api/delete-product';
import {
  ALL_PRODUCTS,
  type ProductsFilter,
  type ProductsView,
  useBusinessProducts,
} from '../api/get-business-products';
import {
  useBulkProducts,
  useDuplicateProduct,
  useUpdateProductStatus,
} from '../api/product-status';
import { useEditProduct } from '../api/save-product';
import { BulkPriceDialog } from '../components/bulk-price-dialog';
import { ProductForm } from '../components/product-form/product-form';
import { ProductRow } from '../components/product-row';
import { ProductsCsv } from '../components/products-csv';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';

/**
 * `?edit={productId}` (issue 24: the link after "Add product"): that product's edit form, once
 * the page holding it is shown; a product not on this page (or not this business's) leaves
 * the list without the stale address. Answers how to drop the address when the form closes.
 */
function useEditFromAddress(
  list: PagedList<SellerProduct> | undefined,
  settled: boolean,
  edit: (product: SellerProduct) => void,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const editParam = searchParams.get('edit');
  const forget = useCallback(() => {
    setSearchParams(
      (params) => {
        params.delete('edit');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  useEffect(() => {
    if (editParam === null || !list || !settled) return;
    const product = list.items.find((p) => String(p.id) === editParam);
    if (product) edit(product);
    else forget();
  }, [editParam, list, settled, edit, forget]);
  return () => {
    if (editParam !== null) forget();
  };
}

/** A dialog about one product of the list (open while `product` is set). */
interface ProductDialogProps {
  businessId: number;
  product: SellerProduct | null;
  onClose: () => void;
}

/** The product's edit: the same form, in a modal, sent with PUT. */
function EditProductDialog({ businessId, product, onClose }: ProductDialogProps) {
  const toast = useToast();
  const editProduct = useEditProduct(businessId);
  return (
    <Dialog open={product !== null} onClose={onClose} title="Edit product" className="sm:max-w-3xl">
      {product ? (
        <ProductForm
          businessId={businessId}
          product={product}
          saving={editProduct.isPending}
          onSubmit={(form) => editProduct.mutateAsync({ productId: product.id, form })}
          onSaved={() => {
            onClose();
            toast.success(SELLER_PRODUCTS_TEXTS.productSaved);
          }}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}

/** Deleting a product, once confirmed; a refusal keeps the question open with the reason. */
function DeleteProductDialog({ businessId, product, onClose }: ProductDialogProps) {
  const toast = useToast();
  const deleteProduct = useDeleteProduct(businessId);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!product) return;
    setError(null);
    deleteProduct.mutate(product.id, {
      onSuccess: () => {
        close();
        toast.success(SELLER_PRODUCTS_TEXTS.productDeleted);
      },
      onError: (failure) => setError(errorMessage(failure, SELLER_PRODUCTS_TEXTS.deleteFailed)),
    });
  };
  return (
    <ConfirmDialog
      open={product !== null}
      onClose={close}
      title="Delete product?"
      description={
        product
          ? `“${product.name}” will be removed from your shop. Orders that include it keep their details.`
          : undefined
      }
      error={error}
      confirmLabel="Delete product"
      onConfirm={confirm}
      busy={deleteProduct.isPending}
    />
  );
}

const SELECTION_TEXTS = {
  selectPage: SELLER_PRODUCTS_TEXTS.selectPage,
  selected: SELLER_PRODUCTS_TEXTS.selected,
  clear: SELLER_PRODUCTS_TEXTS.clearSelection,
};

const STATUS_OPTIONS = [
  { value: '', label: SELLER_PRODUCTS_TEXTS.anyStatus },
  ...PRODUCT_STATUSES.map((value) => ({ value, label: SELLER_PRODUCTS_TEXTS.status[value] })),
];

/** The list's status and search (issue 29, point 5); the search is sent after the last key. */
function ProductFilters({
  filter,
  onChange,
}: {
  filter: ProductsFilter;
  onChange: (next: Partial<ProductsFilter>) => void;
}) {
  const { text, setText, submit } = useSearchText(filter.q, (q) => onChange({ q }));
  return (
    <search aria-label={SELLER_PRODUCTS_TEXTS.filtersLabel}>
      <form
        className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SelectField
          label={SELLER_PRODUCTS_TEXTS.statusLabel}
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(event) => onChange({ status: event.target.value as ProductsFilter['status'] })}
        />
        <TextField
          type="search"
          label={SELLER_PRODUCTS_TEXTS.searchLabel}
          hint={SELLER_PRODUCTS_TEXTS.searchHint}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

/** The products list's loading, failure (SPEC §8: the server's error, else the fixed text; the list is cleared) and page names. */
const PRODUCTS_LIST: ListStates = {
  failedText: SELLER_PRODUCTS_TEXTS.productsFailed,
  loadingLabel: 'Loading your products…',
  skeleton: { rows: 3, className: 'h-28 w-full rounded-card', gap: 'gap-3' },
  pagesLabel: 'Products pages',
};

const VIEWS: readonly ProductsView[] = ['all', 'low'];

/**
 * SPEC §2 dashboard "products": the business's products a page at a time, each with its stock
 * and its quick edit (issue 26), Edit (the product form in a modal) and Delete (after a
 * confirmation); or only those low on stock, fewest left first.
 */
export function ProductsSection({ businessId }: { businessId: number }) {
  const { pathname } = useLocation();
  const toast = useToast();
  const [page, setPage] = useSectionPage(businessId);
  const [view, setView] = useState<ProductsView>('all');
  const [filter, setFilter] = useState<ProductsFilter>(ALL_PRODUCTS);
  const query = useBusinessProducts(businessId, page, view, filter);
  const narrowed = filter.status !== '' || filter.q.trim() !== '';
  const changeStatus = useUpdateProductStatus(businessId);
  const duplicate = useDuplicateProduct(businessId);
  const [busyId, setBusyId] = useState<number | null>(null);
  // The products picked for a bulk change, of the page shown (issue 29, point 7).
  const { picked, setPicked, toggle, clear } = usePicked();
  const bulk = useBulkProducts(businessId);
  const [pricing, setPricing] = useState(false);
  const [priceError, setPriceError] = useState<string | null>(null);
  const shown = query.data?.items ?? [];
  const selected = shown.filter((product) => picked.has(product.id));
  const runBulk = (body: Omit<ProductBulkBody, 'ids'>) => {
    setPriceError(null);
    bulk.mutate(
      { ...body, ids: selected.map((product) => product.id) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          clear();
          setPricing(false);
        },
        onError: (error) => {
          const text =
            isApiError(error) && error.hasServerMessage
              ? error.message
              : SELLER_PRODUCTS_TEXTS.bulkFailed;
          if (body.action === 'price') setPriceError(text);
          else toast.error(text);
        },
      },
    );
  };
  const failed = (fallback: string) => (error: Error) =>
    toast.error(isApiError(error) && error.hasServerMessage ? error.message : fallback);
  const setStatusOf = (product: SellerProduct, status: ProductStatus) => {
    setBusyId(product.id);
    changeStatus.mutate(
      { productId: product.id, status },
      {
        onSuccess: () => toast.success(SELLER_PRODUCTS_TEXTS.statusSaved(status)),
        onError: failed(SELLER_PRODUCTS_TEXTS.statusFailed),
        onSettled: () => setBusyId(null),
      },
    );
  };
  const duplicateOf = (product: SellerProduct) => {
    setBusyId(product.id);
    duplicate.mutate(product.id, {
      onSuccess: () => toast.success(SELLER_PRODUCTS_TEXTS.duplicated),
      onError: failed(SELLER_PRODUCTS_TEXTS.duplicateFailed),
      onSettled: () => setBusyId(null),
    });
  };
  const [editing, setEditing] = useState<SellerProduct | null>(null);
  const [deleting, setDeleting] = useState<SellerProduct | null>(null);
  const forgetEdit = useEditFromAddress(query.data, !query.isPlaceholderData, setEditing);

  const pages = pageCount(query.data?.total ?? 0);
  // A page emptied by a delete (the last one): go to the new last page.
  useEffect(() => {
    if (query.data && query.data.items.length === 0 && page > pages) setPage(pages);
  }, [query.data, page, pages, setPage]);

  return (
    // The dashboard names the section (its h2); this is its content.
    <div className="flex flex-col gap-4">
      {/* "All products" / "Low stock" (issue 26): which list is shown. */}
      <PressedChoice
        legend={SELLER_PRODUCTS_TEXTS.viewsLabel}
        options={VIEWS}
        labels={SELLER_PRODUCTS_TEXTS.views}
        value={view}
        onChange={(next) => {
          setView(next);
          // Each view pages on its own: a switch starts at its first page.
          setPage(1);
          clear();
        }}
      />
      <ProductsCsv businessId={businessId} />
      <ProductFilters
        filter={filter}
        onChange={(next) => {
          setFilter((current) => ({ ...current, ...next }));
          setPage(1);
          clear();
        }}
      />
      <SellerList
        query={query}
        {...PRODUCTS_LIST}
        empty={
          narrowed ? (
            <EmptyList
              icon={SearchX}
              title={SELLER_PRODUCTS_TEXTS.noMatch}
              hint={SELLER_PRODUCTS_TEXTS.noMatchHint}
            >
              <Button
                variant="secondary"
                onClick={() => {
                  setFilter(ALL_PRODUCTS);
                  setPage(1);
                }}
              >
                {SELLER_PRODUCTS_TEXTS.showAll}
              </Button>
            </EmptyList>
          ) : view === 'low' ? (
            <EmptyList
              icon={PackageCheck}
              title={SELLER_PRODUCTS_TEXTS.noLowStock}
              hint={SELLER_PRODUCTS_TEXTS.noLowStockHint}
            />
          ) : (
            <EmptyList
              icon={PackageOpen}
              title={SELLER_PRODUCTS_TEXTS.noProducts}
              hint={SELLER_PRODUCTS_TEXTS.noProductsHint}
            >
              <Link to={siblingSection(pathname, 'add')} className={buttonClasses('primary')}>
                <Plus aria-hidden="true" className="size-4" />
                Add a product
              </Link>
            </EmptyList>
          )
        }
        page={page}
        onPageChange={(next) => {
          setPage(next);
          clear();
        }}
      >
        {({ items, total }) => (
          <>
            <SelectionBar
              count={selected.length}
              all={items.length > 0 && items.every((product) => picked.has(product.id))}
              onAll={(on) =>
                setPicked(on ? new Set(items.map((product) => product.id)) : new Set())
              }
              texts={SELECTION_TEXTS}
            >
              <Button
                size="sm"
                variant="secondary"
                className="sm:ml-auto"
                disabled={bulk.isPending}
                onClick={() => runBulk({ action: 'active' })}
              >
                {SELLER_PRODUCTS_TEXTS.bulkActivate}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={bulk.isPending}
                onClick={() => runBulk({ action: 'archived' })}
              >
                {SELLER_PRODUCTS_TEXTS.bulkArchive}
              </Button>
              <Button size="sm" disabled={bulk.isPending} onClick={() => setPricing(true)}>
                {SELLER_PRODUCTS_TEXTS.bulkPrice}
              </Button>
            </SelectionBar>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {view === 'low'
                ? SELLER_PRODUCTS_TEXTS.lowStockCount(total)
                : SELLER_PRODUCTS_TEXTS.productCount(total)}
            </p>
            <ul className="flex flex-col gap-3" aria-busy={query.isFetching || undefined}>
              {items.map((product) => (
                <ProductRow
                  pick={
                    <PickBox
                      label={SELLER_PRODUCTS_TEXTS.select(product.name)}
                      checked={picked.has(product.id)}
                      onChange={(on) => toggle(product.id, on)}
                    />
                  }
                  key={product.id}
                  businessId={businessId}
                  product={product}
                  onEdit={() => setEditing(product)}
                  onDelete={() => setDeleting(product)}
                  onDuplicate={() => duplicateOf(product)}
                  onStatus={(status) => setStatusOf(product, status)}
                  busy={busyId === product.id}
                />
              ))}
            </ul>
          </>
        )}
      </SellerList>
      <EditProductDialog
        businessId={businessId}
        product={editing}
        onClose={() => {
          setEditing(null);
          forgetEdit();
        }}
      />
      <BulkPriceDialog
        products={selected}
        open={pricing && selected.length > 0}
        busy={bulk.isPending}
        error={priceError}
        onClose={() => {
          setPricing(false);
          setPriceError(null);
        }}
        onApply={(percent) => runBulk({ action: 'price', percent })}
      />
      <DeleteProductDialog
        businessId={businessId}
        product={deleting}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
