import { isStoredId } from '@leafline/contract/ids';
import type { ProductSavedResponse, SellerProduct } from '@leafline/contract/seller-products';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { OptionPhotos } from './option-photos';
import { PicturesField } from './pictures-field';
import { ProductFields } from './product-fields';
import {
  buildProductFormData,
  draftFromProduct,
  emptyDraft,
  type ProductDraft,
} from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';
import { productFormResolver, serverFieldErrors } from './product-form-validation';
import { VariantsFieldset } from './variants-fieldset';

export interface ProductFormProps {
  /** The business the product belongs to; 0 or NaN when none is selected. */
  businessId: number;
  /** Edit mode: the product to change. Add mode without it. */
  product?: SellerProduct | undefined;
  /** Sends the form; resolves with the saved product or throws the API's error. */
  onSubmit: (form: FormData) => Promise<ProductSavedResponse>;
  /** After a successful save (the form has already reset in add mode). */
  onSaved?: (saved: ProductSavedResponse) => void;
  onCancel?: () => void;
  saving: boolean;
}

/**
 * The one product form of add and edit (SPEC §3 Product form, §4, §5): product fields,
 * pictures, option names and variant rows, sent as the §7 multipart. Its state is a
 * react-hook-form form over the draft (product-form-state), checked with the contract's rules.
 * Errors show when the form is sent, and stay until it is sent again.
 */
export function ProductForm({
  businessId,
  product,
  onSubmit,
  onSaved,
  onCancel,
  saving,
}: ProductFormProps) {
  const editing = product !== undefined;
  const form = useForm<ProductDraft>({
    defaultValues: product ? draftFromProduct(product) : emptyDraft(),
    resolver: productFormResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  // A second click before the first send has started shows as pending must not send twice.
  const sending = useRef(false);

  // After a refused submit, take the keyboard to the first field to fix.
  useEffect(() => {
    if (focusTick === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? formRef.current?.querySelector<HTMLElement>('[data-form-error]'))?.focus();
  }, [focusTick]);
  const refuse = (message: string) => {
    setFormError(message);
    setFocusTick((t) => t + 1);
  };

  const send = async (draft: ProductDraft) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const saved = await onSubmit(buildProductFormData(draft));
      if (!editing) form.reset(emptyDraft());
      onSaved?.(saved);
    } catch (error) {
      // The server's own reason (its `error`, and the fields it names) when it gave one.
      if (isApiError(error) && error.hasServerMessage) {
        for (const [path, message] of serverFieldErrors(error.fields ?? {}, draft)) {
          form.setError(path, { type: 'server', message });
        }
        refuse(error.message);
      } else refuse(PRODUCT_FORM_TEXTS.saveFailed);
    } finally {
      sending.current = false;
    }
  };

  const onSubmitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (!isStoredId(businessId)) {
      form.clearErrors();
      refuse(PRODUCT_FORM_TEXTS.selectBusinessFirst);
      return;
    }
    void form.handleSubmit(send, () => refuse(PRODUCT_FORM_TEXTS.fixErrors))(event);
  };

  const idPrefix = editing ? `edit-product-${product.id}` : 'add-product';
  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmitForm}
        className="flex flex-col gap-6"
        aria-label={editing ? `Edit ${product.name}` : 'Add a product'}
      >
        <ProductFields idPrefix={idPrefix} editing={product !== undefined} />
        <PicturesField name="pictures" label="Product images" />
        <VariantsFieldset idPrefix={idPrefix} />
        <OptionPhotos idPrefix={idPrefix} />
        {formError ? (
          <div tabIndex={-1} data-form-error className="outline-none">
            <Notice tone="error">{formError}</Notice>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {editing ? 'Save changes' : 'Add product'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
