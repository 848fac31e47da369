import type { SellerProduct } from '@leafline/contract/seller-products';
import PackageOpen from 'lucide-react/icons/package-open';
import Plus from 'lucide-react/icons/plus';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { siblingSection } from '@/lib/seller/dashboard-sections';
import { pageCount } from '@/lib/seller/paged-list';
import { useSectionPage } from '@/lib/seller/use-section-page';
import { useDeleteProduct } from '../api/delete-product';
import { useEditProduct } from '../api/edit-product';
import { useBusinessProducts } from '../api/get-business-products';
import { ProductForm } from '../components/product-form/product-form';
import { ProductRow } from '../components/product-row';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';

/**
 * SPEC §2 dashboard "products": the business's products a page at a time, each with Edit (the
 * product form in a modal) and Delete (after a confirmation).
 */
export function ProductsSection({ businessId }: { businessId: number }) {
  const toast = useToast();
  const { pathname } = useLocation();
  const [page, setPage] = useSectionPage(businessId);
  const query = useBusinessProducts(businessId, page);
  const editProduct = useEditProduct(businessId);
  const deleteProduct = useDeleteProduct(businessId);
  const [editing, setEditing] = useState<SellerProduct | null>(null);
  const [deleting, setDeleting] = useState<SellerProduct | null>(null);
  // `?edit={productId}` (issue 24: the link after "Add product"): that product's edit form.
  const [searchParams, setSearchParams] = useSearchParams();
  const editParam = searchParams.get('edit');
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const total = query.data?.total ?? 0;
  const pages = pageCount(total);
  // A page emptied by a delete (the last one): go to the new last page.
  useEffect(() => {
    if (query.data && query.data.items.length === 0 && page > pages) setPage(pages);
  }, [query.data, page, pages, setPage]);

  useEffect(() => {
    if (editParam === null || !query.data || query.isPlaceholderData) return;
    const product = query.data.items.find((p) => String(p.id) === editParam);
    if (product) setEditing(product);
    else {
      // Not on this page (or not this business's): the list, without the stale address.
      setSearchParams(
        (params) => {
          params.delete('edit');
          return params;
        },
        { replace: true },
      );
    }
  }, [editParam, query.data, query.isPlaceholderData, setSearchParams]);

  const closeEdit = () => {
    setEditing(null);
    if (editParam !== null) {
      setSearchParams(
        (params) => {
          params.delete('edit');
          return params;
        },
        { replace: true },
      );
    }
  };

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    deleteProduct.mutate(deleting.id, {
      onSuccess: () => {
        closeDelete();
        toast.success(SELLER_PRODUCTS_TEXTS.productDeleted);
      },
      onError: (error) => setDeleteError(errorMessage(error, SELLER_PRODUCTS_TEXTS.deleteFailed)),
    });
  };

  let body: ReactNode;
  if (query.isError) {
    // SPEC §8: the server's error, else the fixed text; the list is cleared.
    body = (
      <RetryNotice
        message={errorMessage(query.error, SELLER_PRODUCTS_TEXTS.productsFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.isPending) {
    body = (
      <LoadingRegion label="Loading your products…">
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full rounded-card" />
          ))}
        </div>
      </LoadingRegion>
    );
  } else if (query.data.items.length === 0 && total === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-sand-300 bg-white/50 px-6 py-10 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-sage-700" />
        <p className="text-lg font-semibold">{SELLER_PRODUCTS_TEXTS.noProducts}</p>
        <p className="text-ink-muted">{SELLER_PRODUCTS_TEXTS.noProductsHint}</p>
        <Link to={siblingSection(pathname, 'add')} className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          Add a product
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-ink-muted" aria-live="polite">
          {total === 1 ? '1 product' : `${total} products`}
        </p>
        <ul className="flex flex-col gap-3" aria-busy={query.isFetching || undefined}>
          {query.data.items.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              onEdit={() => setEditing(product)}
              onDelete={() => setDeleting(product)}
            />
          ))}
        </ul>
        <Pagination page={page} pageCount={pages} onPageChange={setPage} label="Products pages" />
      </>
    );
  }

  return (
    // The dashboard names the section (its h2); this is its content.
    <div className="flex flex-col gap-4">
      {body}

      <Dialog
        open={editing !== null}
        onClose={closeEdit}
        title="Edit product"
        className="sm:max-w-3xl"
      >
        {editing ? (
          <ProductForm
            businessId={businessId}
            product={editing}
            saving={editProduct.isPending}
            onSubmit={(form) => editProduct.mutateAsync({ productId: editing.id, form })}
            onSaved={() => {
              closeEdit();
              toast.success(SELLER_PRODUCTS_TEXTS.productSaved);
            }}
            onCancel={closeEdit}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onClose={closeDelete}
        title="Delete product?"
        description={
          deleting
            ? `“${deleting.name}” will be removed from your shop. Orders that include it keep their details.`
            : undefined
        }
        error={deleteError}
        confirmLabel="Delete product"
        onConfirm={confirmDelete}
        busy={deleteProduct.isPending}
      />
    </div>
  );
}
