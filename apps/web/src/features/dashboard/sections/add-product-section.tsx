import { useToast } from '@/components/ui/toast/use-toast';
import { useAddProduct } from '../api/add-product';
import { ProductForm } from '../components/product-form/product-form';
import { CATALOG_TEXTS } from '../lib/dashboard-texts';

/** SPEC §2 dashboard "add": the product form in add mode for the selected business. */
export function AddProductSection({ businessId }: { businessId: number }) {
  const toast = useToast();
  const addProduct = useAddProduct(businessId);
  return (
    <section aria-labelledby="add-product-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="add-product-heading" className="text-2xl font-semibold">
          Add a product
        </h2>
        <p className="mt-1 text-ink-muted">
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
    </section>
  );
}
