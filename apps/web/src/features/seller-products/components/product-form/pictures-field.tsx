import { PRODUCT_LIMITS } from '@leafline/contract/seller-products';
import { useController, useFormContext } from 'react-hook-form';
import { errorText } from '@/components/forms/form-field';
import { IMAGE_FILE_TEXTS, mayBeImage } from '@/components/forms/image-file-field';
import { ImagePicker } from './image-picker';
import {
  isNewPicture,
  moveItem,
  type NewImage,
  newKey,
  type PictureDraft,
  type ProductDraft,
} from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';

/** The picked files as new pictures, or null when one is not an image or there would be too many. */
function picked(files: File[], current: number): NewImage[] | null {
  const images = files.filter(mayBeImage);
  if (images.length !== files.length) return null;
  if (current + images.length > PRODUCT_LIMITS.images) return null;
  return images.map((file) => ({ key: newKey('image'), file }));
}

const pickError = (files: File[]) =>
  files.every(mayBeImage) ? PRODUCT_FORM_TEXTS.tooManyImages : IMAGE_FILE_TEXTS.notAnImage;

export interface PicturesFieldProps {
  /** The product's pictures, or one variant row's. */
  name: 'pictures' | `variants.${number}.pictures`;
  label: string;
  compact?: boolean;
}

/**
 * The pictures of the product or of one variant: files are taken only as images, at most
 * PRODUCT_LIMITS.images (the error says which rule refused them, until the next pick or the
 * picture's removal); stored and picked pictures in one list, in their order.
 */
export function PicturesField({ name, label, compact = false }: PicturesFieldProps) {
  const { control, setError, clearErrors } = useFormContext<ProductDraft>();
  const { field, fieldState } = useController({ control, name });
  const pictures = field.value as PictureDraft[];
  return (
    <ImagePicker
      compact={compact}
      label={label}
      pictures={pictures}
      error={errorText(fieldState.error)}
      onAdd={(files) => {
        const images = picked(files, pictures.length);
        if (!images) {
          setError(name, { type: 'pick', message: pickError(files) });
          return;
        }
        clearErrors(name);
        field.onChange([...pictures, ...images]);
      }}
      onRemove={(index) => {
        field.onChange(pictures.filter((_, i) => i !== index));
        if (isNewPicture(pictures[index]!)) clearErrors(name);
      }}
      onMove={(from, to) => field.onChange(moveItem(pictures, from, to))}
    />
  );
}
