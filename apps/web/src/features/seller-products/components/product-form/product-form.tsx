import {
  CONDITION_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITIONS,
  type ProductCondition,
} from '@leafline/contract/constants';
import { isStoredId } from '@leafline/contract/ids';
import {
  PRODUCT_LIMITS,
  type ProductSavedResponse,
  productFormFields,
  type SellerProduct,
} from '@leafline/contract/seller-products';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { IMAGE_FILE_TEXTS, mayBeImage } from '@/components/forms/image-file-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { isApiError } from '@/lib/api-client';
import { ImagePicker } from './image-picker';
import { OptionPhotos } from './option-photos';
import {
  buildProductFormData,
  draftFromProduct,
  draftToFields,
  emptyDraft,
  emptyVariant,
  isNewPicture,
  isVariantSent,
  moveItem,
  type NewImage,
  newKey,
  type PictureDraft,
  type ProductDraft,
  type VariantDraft,
} from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';

const CONDITION_OPTIONS = PRODUCT_CONDITIONS.map((value) => ({
  value,
  label: CONDITION_LABELS[value],
}));
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({ value, label: value }));

const withoutPicture = (pictures: readonly PictureDraft[], index: number) =>
  pictures.filter((_, i) => i !== index);

/** Field errors by key: 'name', 'price', …, 'images', and `${variantKey}.price` for a row. */
type Errors = Record<string, string>;

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
 * Checks the form with the contract's own rules (the server's `productFormFields`), so the
 * seller reads the same texts before sending as the server would answer.
 */
function validate(draft: ProductDraft): Errors {
  const errors: Errors = {};
  const result = productFormFields.safeParse(draftToFields(draft));
  if (!result.success) {
    const sent = draft.variants.filter(isVariantSent);
    for (const issue of result.error.issues) {
      const [head, index, field] = issue.path;
      let key = String(head ?? 'form');
      if (head === 'variants' && typeof index === 'number') {
        const row = sent[index];
        key = row ? `${row.key}.${String(field ?? 'option1')}` : 'variants';
      } else if (head === 'existingImages') key = 'images';
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The one product form of add and edit (SPEC §3 Product form, §4, §5): product fields,
 * pictures, option names and variant rows, sent as the §7 multipart.
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
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product ? draftFromProduct(product) : emptyDraft(),
  );
  const [errors, setErrors] = useState<Errors>({});
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

  const update = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const updateVariant = (key: string, patch: Partial<VariantDraft>) =>
    setDraft((d) => ({
      ...d,
      variants: d.variants.map((v) => (v.key === key ? { ...v, ...patch } : v)),
    }));

  const pick = (files: File[], current: number): NewImage[] | null => {
    const images = files.filter(mayBeImage);
    if (images.length !== files.length) return null;
    if (current + images.length > PRODUCT_LIMITS.images) return null;
    return images.map((file) => ({ key: newKey('image'), file }));
  };
  const pickError = (files: File[]) =>
    files.every(mayBeImage) ? PRODUCT_FORM_TEXTS.tooManyImages : IMAGE_FILE_TEXTS.notAnImage;

  const setError = (key: string, message: string | undefined) =>
    setErrors((e) => {
      const next = { ...e };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  const onSubmitForm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (!isStoredId(businessId)) {
      setErrors({});
      setFormError(PRODUCT_FORM_TEXTS.selectBusinessFirst);
      setFocusTick((t) => t + 1);
      return;
    }
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(PRODUCT_FORM_TEXTS.fixErrors);
      setFocusTick((t) => t + 1);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    try {
      const saved = await onSubmit(buildProductFormData(draft));
      if (!editing) {
        setDraft(emptyDraft());
        setErrors({});
      }
      onSaved?.(saved);
    } catch (error) {
      // The server's own reason (its `error`, and the fields it names) when it gave one.
      if (isApiError(error) && error.hasServerMessage) {
        setFormError(error.message);
        if (error.fields) setErrors(serverFieldErrors(error.fields, draft));
      } else {
        setFormError(PRODUCT_FORM_TEXTS.saveFailed);
      }
      setFocusTick((t) => t + 1);
    } finally {
      sending.current = false;
    }
  };

  const idPrefix = editing ? `edit-product-${product.id}` : 'add-product';

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmitForm}
      className="flex flex-col gap-6"
      aria-label={editing ? `Edit ${product.name}` : 'Add a product'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-name`}
          label="Name"
          name="name"
          required
          maxLength={PRODUCT_LIMITS.name}
          value={draft.name}
          onChange={(e) => update({ name: e.target.value })}
          error={errors.name}
          className="sm:col-span-2"
        />
        <TextareaField
          id={`${idPrefix}-description`}
          label="Description"
          name="description"
          required
          rows={5}
          maxLength={PRODUCT_LIMITS.description}
          value={draft.description}
          onChange={(e) => update({ description: e.target.value })}
          error={errors.description}
          className="sm:col-span-2"
        />
        <TextField
          id={`${idPrefix}-price`}
          label="Price"
          name="price"
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="12.50"
          hint="In US dollars, e.g. 12.50"
          value={draft.price}
          onChange={(e) => update({ price: e.target.value })}
          error={errors.price}
        />
        <SelectField
          id={`${idPrefix}-condition`}
          label="Condition"
          name="condition"
          required
          options={CONDITION_OPTIONS}
          value={draft.condition}
          onChange={(e) => update({ condition: e.target.value as ProductCondition })}
          error={errors.condition}
        />
        <SelectField
          id={`${idPrefix}-product-category`}
          label="Product category"
          name="product_category"
          required
          placeholder="Choose a category"
          options={CATEGORY_OPTIONS}
          value={draft.product_category}
          onChange={(e) => update({ product_category: e.target.value })}
          error={errors.product_category}
        />
        <TextField
          id={`${idPrefix}-category`}
          label="Category"
          name="category"
          maxLength={PRODUCT_LIMITS.category}
          value={draft.category}
          onChange={(e) => update({ category: e.target.value })}
          error={errors.category}
        />
      </div>

      <ImagePicker
        label="Product images"
        pictures={draft.pictures}
        error={errors.images}
        onAdd={(files) => {
          const images = pick(files, draft.pictures.length);
          setError('images', images ? undefined : pickError(files));
          if (images) update({ pictures: [...draft.pictures, ...images] });
        }}
        onRemove={(index) => {
          update({ pictures: withoutPicture(draft.pictures, index) });
          if (isNewPicture(draft.pictures[index]!)) setError('images', undefined);
        }}
        onMove={(from, to) => update({ pictures: moveItem(draft.pictures, from, to) })}
      />

      <fieldset className="flex min-w-0 flex-col gap-4 rounded-card border border-sand-300 p-4 sm:p-5">
        <legend className="px-1 text-base font-semibold text-forest-900">
          Options and variants
        </legend>
        <p className="-mt-2 text-sm text-ink-muted">
          Optional. Name up to two options (e.g. Size and Colour), then add a row per variant. A row
          without an option value or a price is not saved.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {[0, 1].map((i) => (
            <TextField
              key={i}
              id={`${idPrefix}-option-name-${i}`}
              label={`Option ${i + 1} name`}
              name={`option_names[${i}]`}
              placeholder={i === 0 ? 'Size' : 'Colour'}
              maxLength={PRODUCT_LIMITS.optionName}
              value={draft.optionNames[i]}
              onChange={(e) => {
                const names: [string, string] = [...draft.optionNames];
                names[i] = e.target.value;
                update({ optionNames: names });
              }}
              error={errors.option_names}
            />
          ))}
        </div>

        {draft.variants.length > 0 ? (
          <ol className="flex flex-col gap-4">
            {draft.variants.map((variant, index) => (
              <VariantRow
                key={variant.key}
                idPrefix={`${idPrefix}-${variant.key}`}
                number={index + 1}
                variant={variant}
                optionNames={draft.optionNames}
                errors={errors}
                onChange={(patch) => updateVariant(variant.key, patch)}
                onAdd={(files) => {
                  const images = pick(files, variant.pictures.length);
                  setError(`${variant.key}.images`, images ? undefined : pickError(files));
                  if (images)
                    updateVariant(variant.key, { pictures: [...variant.pictures, ...images] });
                }}
                onRemovePicture={(index) => {
                  updateVariant(variant.key, { pictures: withoutPicture(variant.pictures, index) });
                  if (isNewPicture(variant.pictures[index]!)) {
                    setError(`${variant.key}.images`, undefined);
                  }
                }}
                onRemove={() => {
                  update({ variants: draft.variants.filter((v) => v.key !== variant.key) });
                }}
              />
            ))}
          </ol>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => update({ variants: [...draft.variants, emptyVariant()] })}
            disabled={draft.variants.length >= PRODUCT_LIMITS.variants}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add variant
          </Button>
        </div>
      </fieldset>

      <OptionPhotos idPrefix={idPrefix} draft={draft} onChange={update} />

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
  );
}

function VariantRow({
  idPrefix,
  number,
  variant,
  optionNames,
  errors,
  onChange,
  onAdd,
  onRemovePicture,
  onRemove,
}: {
  idPrefix: string;
  number: number;
  variant: VariantDraft;
  optionNames: readonly [string, string];
  errors: Errors;
  onChange: (patch: Partial<VariantDraft>) => void;
  onAdd: (files: File[]) => void;
  onRemovePicture: (index: number) => void;
  onRemove: () => void;
}) {
  const name = `Variant ${number}`;
  const error = (field: string) => errors[`${variant.key}.${field}`];
  return (
    <li className="rounded-xl border border-sand-300 bg-white/60 p-4">
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="sr-only">{name}</legend>
        <div className="flex items-center justify-between gap-3">
          <p aria-hidden="true" className="font-semibold text-forest-900">
            {name}
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove variant ${number}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span aria-hidden="true">Remove</span>
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id={`${idPrefix}-option1`}
            label={`${optionNames[0].trim() || 'Option 1'} (variant ${number})`}
            value={variant.option1}
            maxLength={PRODUCT_LIMITS.option}
            onChange={(e) => onChange({ option1: e.target.value })}
            error={error('option1')}
          />
          <TextField
            id={`${idPrefix}-option2`}
            label={`${optionNames[1].trim() || 'Option 2'} (variant ${number})`}
            hint="Optional"
            value={variant.option2}
            maxLength={PRODUCT_LIMITS.option}
            onChange={(e) => onChange({ option2: e.target.value })}
            error={error('option2')}
          />
          <TextField
            id={`${idPrefix}-price`}
            label={`Price (variant ${number})`}
            hint="Empty: the product's price"
            inputMode="decimal"
            autoComplete="off"
            value={variant.price}
            onChange={(e) => onChange({ price: e.target.value })}
            error={error('price')}
          />
        </div>
        <ImagePicker
          compact
          label={`Images of variant ${number}`}
          pictures={variant.pictures}
          error={error('images') ?? error('existingImages')}
          onAdd={onAdd}
          onRemove={onRemovePicture}
          onMove={(from, to) => onChange({ pictures: moveItem(variant.pictures, from, to) })}
        />
      </fieldset>
    </li>
  );
}

/**
 * The server's field errors, keyed as the form sends them ('price', 'variants[1].price'), put
 * on the form's own fields.
 */
function serverFieldErrors(fields: Record<string, string>, draft: ProductDraft): Errors {
  const sent = draft.variants.filter(isVariantSent);
  const errors: Errors = {};
  for (const [name, message] of Object.entries(fields)) {
    const variant = /^variants[.[](\d+)\]?\.(\w+)/.exec(name);
    if (variant) {
      const row = sent[Number(variant[1])];
      if (row) errors[`${row.key}.${variant[2]}`] = message;
      continue;
    }
    const head = name.split(/[.[]/)[0] ?? name;
    errors[head === 'existingImages' ? 'images' : head] = message;
  }
  return errors;
}
