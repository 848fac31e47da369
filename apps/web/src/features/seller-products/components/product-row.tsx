import { CONDITION_LABELS, type ProductStatus } from '@leafline/contract/constants';
import type { SellerProduct } from '@leafline/contract/seller-products';
import Archive from 'lucide-react/icons/archive';
import Copy from 'lucide-react/icons/copy';
import PackagePen from 'lucide-react/icons/package-pen';
import Pencil from 'lucide-react/icons/pencil';
import Store from 'lucide-react/icons/store';
import Trash2 from 'lucide-react/icons/trash-2';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';
import { liveVariants, StockEditor, StockSummary } from './product-stock';

const STATUS_CLASSES: Record<ProductStatus, string> = {
  active: 'bg-success-bg text-success-fg',
  draft: 'bg-info-bg text-info-fg',
  archived: 'bg-sand-100 text-ink',
};

/**
 * One product of the seller's list: picture, name, price, category, variants, stock (with its
 * quick edit, issue 26), actions.
 */
export function ProductRow({
  businessId,
  product,
  onEdit,
  onDelete,
  onDuplicate,
  onStatus,
  busy = false,
  pick,
}: {
  businessId: number;
  product: SellerProduct;
  onEdit: () => void;
  onDelete: () => void;
  /** Issue 29, point 5: a draft copy. */
  onDuplicate?: () => void;
  /** Issue 29, point 5: into the shop (active) or out of it (archived). */
  onStatus?: (status: ProductStatus) => void;
  /** A change of this row is on its way. */
  busy?: boolean;
  /** Its checkbox for a bulk change (issue 29, point 7). */
  pick?: ReactNode;
}) {
  const variants = liveVariants(product).length;
  const headingId = `product-${product.id}-name`;
  const [editingStock, setEditingStock] = useState(false);
  const editStockButton = useRef<HTMLButtonElement>(null);
  // Closed (saved or cancelled): the keyboard goes back to the button that opened it, shown
  // again a render later.
  const refocus = useRef(false);
  useEffect(() => {
    if (editingStock || !refocus.current) return;
    refocus.current = false;
    editStockButton.current?.focus();
  }, [editingStock]);
  const closeStock = () => {
    refocus.current = true;
    setEditingStock(false);
  };
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-sand-300 bg-white/70 p-4 sm:flex-row sm:items-center sm:gap-5"
      data-testid="product-row"
    >
      {pick}
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <ResponsiveImage
          src={product.primary_image ?? product.images[0]?.image}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          className="size-20 shrink-0 rounded-xl object-cover"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3
              id={headingId}
              className="font-sans text-base font-semibold break-words text-forest-900"
            >
              {product.name}
            </h3>
            <span
              className={cx(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                STATUS_CLASSES[product.status],
              )}
              data-testid="product-status"
            >
              <span className="sr-only">{SELLER_PRODUCTS_TEXTS.statusLabel}: </span>
              {SELLER_PRODUCTS_TEXTS.status[product.status]}
            </span>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-ink-muted">Price</dt>
            <dd className="font-medium tabular-nums" data-testid="product-price">
              {formatMoney(product.price)}
            </dd>
            <dt className="text-ink-muted">Category</dt>
            <dd className="break-words" data-testid="product-category">
              {product.product_category}
              {product.category ? (
                <span className="text-ink-muted"> · {product.category}</span>
              ) : null}
            </dd>
            <dt className="text-ink-muted">Variants</dt>
            <dd className="tabular-nums" data-testid="product-variants">
              {variants}
            </dd>
            <dt className="text-ink-muted">Condition</dt>
            <dd>{CONDITION_LABELS[product.condition]}</dd>
            <dt className="text-ink-muted">{SELLER_PRODUCTS_TEXTS.stock}</dt>
            <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <div data-testid="product-stock">
                <StockSummary product={product} />
              </div>
              {editingStock ? null : (
                <Button
                  ref={editStockButton}
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditingStock(true)}
                  aria-label={SELLER_PRODUCTS_TEXTS.editStockOf(product.name)}
                >
                  <PackagePen aria-hidden="true" className="size-4" />
                  <span aria-hidden="true">{SELLER_PRODUCTS_TEXTS.editStock}</span>
                </Button>
              )}
            </dd>
          </dl>
          {editingStock ? (
            <StockEditor businessId={businessId} product={product} onClose={closeStock} />
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col lg:flex-row">
        {[
          {
            action: 'Edit',
            Icon: Pencil,
            onClick: onEdit,
            variant: 'secondary' as const,
            tone: '',
          },
          ...(onDuplicate
            ? [
                {
                  action: SELLER_PRODUCTS_TEXTS.duplicate,
                  Icon: Copy,
                  onClick: onDuplicate,
                  variant: 'ghost' as const,
                  tone: '',
                },
              ]
            : []),
          ...(onStatus
            ? [
                product.status === 'active'
                  ? {
                      action: SELLER_PRODUCTS_TEXTS.archive,
                      Icon: Archive,
                      onClick: () => onStatus('archived'),
                      variant: 'ghost' as const,
                      tone: '',
                    }
                  : {
                      action: SELLER_PRODUCTS_TEXTS.activate,
                      Icon: Store,
                      onClick: () => onStatus('active'),
                      variant: 'ghost' as const,
                      tone: '',
                    },
              ]
            : []),
          {
            action: 'Delete',
            Icon: Trash2,
            onClick: onDelete,
            variant: 'ghost' as const,
            tone: 'text-error-fg hover:bg-error-bg',
          },
        ].map(({ action, Icon, onClick, variant, tone }) => (
          <Button
            key={action}
            variant={variant}
            size="sm"
            onClick={onClick}
            disabled={busy}
            aria-label={`${action} ${product.name}`}
            className={`flex-1 sm:flex-none ${tone}`.trim()}
          >
            <Icon aria-hidden="true" className="size-4" />
            <span aria-hidden="true">{action}</span>
          </Button>
        ))}
      </div>
    </li>
  );
}
