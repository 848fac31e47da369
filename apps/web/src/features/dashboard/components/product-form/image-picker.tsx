import type { ProductImage } from '@leafline/contract/catalog';
import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { type ChangeEvent, useId } from 'react';
import { usePreviewUrl } from '@/components/forms/image-file-field';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import type { NewImage } from './product-form-state';

export interface ImagePickerProps {
  /** The group's name, e.g. 'Product images' or 'Images of variant 2'. */
  label: string;
  existing: readonly ProductImage[];
  added: readonly NewImage[];
  onAdd: (files: File[]) => void;
  onRemoveExisting: (index: number) => void;
  onRemoveAdded: (key: string) => void;
  error?: string | undefined;
  compact?: boolean;
}

/**
 * Pictures of a product or a variant: the stored ones and the newly picked ones, each with a
 * preview and a remove button, and a button that opens the file chooser (several at once).
 */
export function ImagePicker({
  label,
  existing,
  added,
  onAdd,
  onRemoveExisting,
  onRemoveAdded,
  error,
  compact = false,
}: ImagePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Let the same file be picked again after it was removed.
    event.currentTarget.value = '';
    if (files.length > 0) onAdd(files);
  };
  const total = existing.length + added.length;
  const thumb = compact ? 'size-16' : 'size-20 sm:size-24';
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-medium text-forest-900">{label}</legend>
      {total > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {existing.map((image, index) => (
            <li key={`existing-${image.id}-${image.image}`} className="relative">
              <ResponsiveImage
                src={image.image}
                alt={image.alt_text || `Picture ${index + 1}`}
                width={96}
                height={96}
                sizes="96px"
                className={cx(thumb, 'rounded-lg border border-sand-300 object-cover')}
              />
              <RemoveButton
                name={`Remove picture ${index + 1} of ${label.toLowerCase()}`}
                onClick={() => onRemoveExisting(index)}
              />
            </li>
          ))}
          {added.map((image, index) => (
            <li key={image.key} className="relative">
              <AddedThumb file={image.file} className={thumb} />
              <RemoveButton
                name={`Remove new picture ${existing.length + index + 1} (${image.file.name})`}
                onClick={() => onRemoveAdded(image.key)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label
          htmlFor={inputId}
          className={cx(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-forest-900/25 bg-white/60 px-4 text-sm font-medium text-forest-900',
            'hover:border-forest-900/50 hover:bg-sage-50',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-clay-700',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {`Add ${label.toLowerCase()}`}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            onChange={onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="sr-only"
          />
        </label>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-error-fg">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      onClick={onClick}
      className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full border border-sand-300 bg-white text-ink shadow-sm hover:bg-error-bg hover:text-error-fg"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The preview of a picked file (an object URL, given back when it goes), or its name. */
function AddedThumb({ file, className }: { file: File; className: string }) {
  const preview = usePreviewUrl(file);
  return preview ? (
    <img
      src={preview}
      alt={`New picture: ${file.name}`}
      className={cx(className, 'rounded-lg border border-sage-400 object-cover')}
    />
  ) : (
    <span
      className={cx(
        className,
        'flex items-center justify-center overflow-hidden rounded-lg border border-sage-400 bg-sand-100 p-1 text-center text-xs break-all',
      )}
    >
      {file.name}
    </span>
  );
}
