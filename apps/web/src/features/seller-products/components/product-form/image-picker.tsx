import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import {
  IMAGE_FILE_TEXTS,
  isDecodableImage,
  usePreviewUrl,
} from '@/components/forms/image-file-field';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { isNewPicture, type PictureDraft, pictureKey } from './product-form-state';

export interface ImagePickerProps {
  /** The group's name, e.g. 'Product images' or 'Images of variant 2'. */
  label: string;
  /** Stored and picked pictures, in their order. */
  pictures: readonly PictureDraft[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Moves a picture, stored or picked, to another place of the list. */
  onMove: (from: number, to: number) => void;
  error?: string | undefined;
  compact?: boolean;
}

/**
 * Pictures of a product or a variant: one ordered list of the stored ones and the newly picked
 * ones, each with a preview and, under it (never over the label), buttons to move it earlier or
 * later and to remove it; and a button that opens the file chooser (several at once). A picked
 * file the browser cannot decode is refused at once, with one message (issue 24). Any picture
 * can be moved before any other: the order is sent as position keys beside the §7 keys
 * (docs/decisions/0028).
 */
export function ImagePicker({
  label,
  pictures,
  onAdd,
  onRemove,
  onMove,
  error,
  compact = false,
}: ImagePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [refused, setRefused] = useState(false);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Let the same file be picked again after it was removed.
    event.currentTarget.value = '';
    if (files.length === 0) return;
    // Where the browser cannot decode here, the form's type check and the server decide.
    if (typeof createImageBitmap !== 'function') {
      setRefused(false);
      onAdd(files);
      return;
    }
    void Promise.all(files.map(isDecodableImage)).then((decoded) => {
      const ok = decoded.every(Boolean);
      setRefused(!ok);
      if (ok) onAdd(files);
    });
  };
  // One message under the field: the refusal of the pick, else the form's.
  const shownError = refused ? IMAGE_FILE_TEXTS.notAnImage : error;
  const lower = label.toLowerCase();
  const thumb = compact ? 'size-16' : 'size-20 sm:size-24';
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={shownError ? errorId : undefined}
    >
      <legend className="text-sm font-medium text-forest-900">{label}</legend>
      {pictures.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={label}>
          {pictures.map((picture, index) => {
            // 'picture 2 of product images', 'new picture 3 (side.png)': the place in the list.
            const place = isNewPicture(picture)
              ? `new picture ${index + 1} (${picture.file.name})`
              : `picture ${index + 1} of ${lower}`;
            return (
              <li key={pictureKey(picture)} className="flex flex-col gap-1">
                {isNewPicture(picture) ? (
                  <AddedThumb file={picture.file} className={thumb} />
                ) : (
                  <ResponsiveImage
                    src={picture.image}
                    alt={picture.alt_text || `Picture ${index + 1}`}
                    width={96}
                    height={96}
                    sizes="96px"
                    className={cx(thumb, 'rounded-lg border border-sand-300 object-cover')}
                  />
                )}
                <PictureTools>
                  <ToolButton
                    name={`Move ${place} earlier`}
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" />
                  </ToolButton>
                  <ToolButton
                    name={`Move ${place} later`}
                    disabled={index === pictures.length - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </ToolButton>
                  <ToolButton name={`Remove ${place}`} onClick={() => onRemove(index)} danger>
                    <X aria-hidden="true" className="size-4" />
                  </ToolButton>
                </PictureTools>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div>
        <label
          htmlFor={inputId}
          className={cx(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-forest-900/25 bg-white/60 px-4 text-sm font-medium text-forest-900',
            'hover:border-forest-900/50 hover:bg-sage-50',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-focus',
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
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            className="sr-only"
          />
        </label>
      </div>
      {shownError ? (
        <p id={errorId} className="text-sm font-medium text-error-fg">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The buttons under a picture, in a row of their own. */
function PictureTools({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-center gap-1">{children}</div>;
}

function ToolButton({
  name,
  onClick,
  disabled = false,
  danger = false,
  children,
}: {
  name: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      onClick={onClick}
      disabled={disabled}
      className={cx(
        'inline-flex size-7 items-center justify-center rounded-full border border-sand-300 bg-white text-ink shadow-sm disabled:cursor-not-allowed disabled:opacity-40',
        danger ? 'hover:bg-error-bg hover:text-error-fg' : 'hover:bg-sage-50',
      )}
    >
      {children}
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
