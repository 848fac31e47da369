import type { SellerProduct } from '@leafline/contract/seller-products';
import ExternalLink from 'lucide-react/icons/external-link';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { siblingSection } from '@/lib/seller/dashboard-sections';
import { useAddProduct } from '../api/save-product';
import { ProductForm } from '../components/product-form/product-form';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';

/**
 * SPEC §2 dashboard "add": the product form in add mode for the selected business. After a
 * product is added (issue 24): links to its page in the shop and to its edit form.
 */
export function AddProductSection({ businessId }: { businessId: number }) {
  const toast = useToast();
  const addProduct = useAddProduct(businessId);
  const { pathname } = useLocation();
  const [added, setAdded] = useState<SellerProduct | null>(null);
  return (
    // The dashboard names the section (its h2); this is its content.
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-ink-muted">
          Fields marked * are required. Pictures are optional; the first one is shown in the shop.
        </p>
      </div>
      {added ? (
        <Notice tone="success">
          <p>
            {added.status === 'active'
              ? SELLER_PRODUCTS_TEXTS.productAddedNamed(added.name)
              : SELLER_PRODUCTS_TEXTS.draftAddedNamed(added.name)}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
            {/* A draft has no page in the shop yet (issue 29, point 5). */}
            {added.status === 'active' ? (
              <Link
                to={`/shop/products/${added.id}`}
                className="inline-flex min-h-9 items-center gap-1.5 underline"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {SELLER_PRODUCTS_TEXTS.viewAddedProduct}
              </Link>
            ) : null}
            <Link
              to={`${siblingSection(pathname, 'products')}?business=${businessId}&edit=${added.id}`}
              className="inline-flex min-h-9 items-center gap-1.5 underline"
            >
              <Pencil aria-hidden="true" className="size-4" />
              {SELLER_PRODUCTS_TEXTS.editAddedProduct}
            </Link>
          </p>
        </Notice>
      ) : null}
      <div className="rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft sm:p-6">
        <ProductForm
          key={businessId}
          businessId={businessId}
          saving={addProduct.isPending}
          onSubmit={(form) => {
            setAdded(null);
            return addProduct.mutateAsync(form);
          }}
          onSaved={(saved) => {
            setAdded(saved.product);
            toast.success(SELLER_PRODUCTS_TEXTS.productAdded);
          }}
        />
      </div>
    </div>
  );
}
