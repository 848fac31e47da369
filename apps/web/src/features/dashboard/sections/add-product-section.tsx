import { useToast } from '@/components/ui/toast/use-toast';
import { useAddProduct } from '../api/add-product';
import { ProductForm } from '../components/product-form/product-form';
import { CATALOG_TEXTS } from '../lib/dashboard-texts';

/** SPEC §2 dashboard "add": the product form in add mode for the selected business. */
export function AddProductSection({ businessId }: { businessId: number }) {
  const toast = useToast();
  const addProduct = useAddProduct(businessId);
  return (
    // The dashboard names the section (its h2); this is its content.
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-ink-muted">
          Fields marked * are required. Pictures are optional; the first one is shown in the shop.
        </p>
      </div>
      <div className="rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft sm:p-6">
        <ProductForm
          key={businessId}
          businessId={businessId}
          saving={addProduct.isPending}
          onSubmit={(form) => addProduct.mutateAsync(form)}
          onSaved={() => toast.success(CATALOG_TEXTS.productAdded)}
        />
      </div>
    </div>
  );
}
