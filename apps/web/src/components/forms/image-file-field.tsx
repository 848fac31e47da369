import ImageIcon from 'lucide-react/icons/image';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { FieldFrame, useFieldIds } from '@/components/ui/field-frame';
import { cx } from '@/lib/cx';

export const IMAGE_FILE_TEXTS = {
  notAnImage: 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).',
  current: 'Current image',
} as const;

/**
 * Whether a chosen file may be an image: an image type, or no type at all (a file the browser
 * could not type is left to the server, which decodes every upload).
 */
export const mayBeImage = (file: File): boolean => !file.type || file.type.startsWith('image/');

/**
 * Whether a chosen file is a picture the browser can decode (issue 24: a text file named
 * logo.png is refused when chosen, not after the upload, and never shown as a broken
 * preview). Where the browser cannot decode here (no `createImageBitmap`), the type check
 * alone decides and the server, which decodes every upload, has the last word.
 */
export async function isDecodableImage(file: File): Promise<boolean> {
  if (!mayBeImage(file)) return false;
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/** A preview address of a chosen file: an object URL where the browser has them. */
export function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    if (typeof URL.createObjectURL === 'function') {
      const objectUrl = URL.createObjectURL(file);
      setUrl(objectUrl);
      return () => URL.revokeObjectURL(objectUrl);
    }
    // Environments without object URLs (tests): read it as a data URL.
    let live = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (live && typeof reader.result === 'string') setUrl(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      live = false;
    };
  }, [file]);
  return url;
}

export interface ImageFileFieldProps {
  label: string;
  /** The multipart key the file is sent under. */
  name: string;
  /** The chosen file, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The image stored now, shown until another is chosen. */
  currentUrl?: string | null | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  /** Banner previews are wide, logos square. */
  shape?: 'square' | 'wide';
}

/**
 * An optional image upload (`accept="image/*"`) with a preview of the chosen file (or of the
 * stored image). A file that is not an image is refused here; the server decodes it again.
 */
export function ImageFileField({
  label,
  name,
  file,
  onChange,
  currentUrl,
  error,
  hint,
  shape = 'square',
}: ImageFileFieldProps) {
  const [typeError, setTypeError] = useState<string | undefined>(undefined);
  const preview = usePreviewUrl(file);
  const shown = preview ?? currentUrl ?? null;
  const shownError = typeError ?? error;
  const { controlId: id, hintId, errorId, describedBy } = useFieldIds(undefined, hint, shownError);

  // The latest choice wins when an earlier one is still being checked.
  const choice = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const refuse = (input: HTMLInputElement | null) => {
    setTypeError(IMAGE_FILE_TEXTS.notAnImage);
    if (input) input.value = '';
    onChange(null);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = input.files?.[0] ?? null;
    const mine = ++choice.current;
    if (!chosen) {
      setTypeError(undefined);
      onChange(null);
      return;
    }
    void isDecodableImage(chosen).then((ok) => {
      if (mine !== choice.current) return;
      if (!ok) return refuse(input);
      setTypeError(undefined);
      onChange(chosen);
    });
  };

  return (
    <FieldFrame
      controlId={id}
      label={label}
      hint={hint}
      hintId={hintId}
      error={shownError}
      errorId={errorId}
    >
      <div className="flex flex-col items-start gap-3">
        <div
          className={cx(
            'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-sand-300 bg-sand-100',
            shape === 'wide' ? 'aspect-[3/1] w-full max-w-sm' : 'size-24',
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt={preview ? `${label} preview` : `${label}: ${IMAGE_FILE_TEXTS.current}`}
              // A chosen file the browser cannot show after all is refused, not shown broken.
              onError={preview ? () => refuse(inputRef.current) : undefined}
              className="size-full object-cover"
            />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-sage-700" />
          )}
        </div>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept="image/*"
          onChange={onInput}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          className="w-full min-w-0 text-sm text-ink-muted file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-forest-900/25 file:bg-white/60 file:px-4 file:text-sm file:font-medium file:text-forest-900 hover:file:bg-sage-50"
        />
      </div>
    </FieldFrame>
  );
}
