import { useFormContext, useWatch } from 'react-hook-form';
import { usePreviewUrl } from '@/components/forms/image-file-field';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { SelectField } from '@/components/ui/select-field';
import {
  isNewPicture,
  type PhotoTie,
  type ProductDraft,
  pictureKey,
  tieOf,
  type VariantDraft,
  withTie,
} from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';

const EVERY = '';
const encode = (tie: PhotoTie) => (tie ? `${tie.option}:${tie.value}` : EVERY);
const decode = (value: string): PhotoTie => {
  const match = /^([12]):(.+)$/s.exec(value);
  return match ? { option: match[1] === '1' ? 1 : 2, value: match[2]! } : null;
};

/** The choices of a photo: every variant, or one value of option 1 or 2 the variants use. */
function tieChoices(
  variants: readonly VariantDraft[],
  optionNames: readonly [string, string],
  current: readonly PhotoTie[],
) {
  const choices: { value: string; label: string }[] = [
    { value: EVERY, label: PRODUCT_FORM_TEXTS.everyVariant },
  ];
  const seen = new Set<string>([EVERY]);
  const push = (tie: PhotoTie) => {
    const value = encode(tie);
    if (!tie || seen.has(value)) return;
    seen.add(value);
    const name = optionNames[tie.option - 1]?.trim() || `Option ${tie.option}`;
    choices.push({ value, label: `${name}: ${tie.value}` });
  };
  for (const option of [1, 2] as const) {
    for (const variant of variants) {
      const value = (option === 1 ? variant.option1 : variant.option2).trim();
      if (value) push({ option, value });
    }
  }
  // A tie whose value no variant row has any more still shows as it is.
  for (const tie of current) push(tie);
  return choices;
}

/**
 * Issue 24 point 14 (docs/decisions/0024): which option value each product photo shows. A photo
 * tied to "Colour: Navy" is the photo of every Navy variant (the product page switches to it
 * when Navy is picked; cart and orders show it); the others leave it out. Shown once the
 * product has photos and its variants have option values.
 */
export function OptionPhotos({ idPrefix }: { idPrefix: string }) {
  const { control, setValue } = useFormContext<ProductDraft>();
  const [pictures, variants, optionNames] = useWatch({
    control,
    name: ['pictures', 'variants', 'optionNames'],
  });
  // In the pictures' own order (docs/decisions/0028), as the picker shows them.
  const photos = pictures.map((picture) => ({
    key: pictureKey(picture),
    tie: tieOf(picture),
    picture,
  }));
  const choices = tieChoices(
    variants,
    optionNames,
    photos.map((p) => p.tie),
  );
  if (photos.length === 0 || choices.length < 2) return null;

  const setTie = (index: number, tie: PhotoTie) => {
    const tied = pictures.map((picture, i) => (i === index ? withTie(picture, tie) : picture));
    setValue('pictures', tied, { shouldDirty: true });
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-card border border-sand-300 p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-forest-900">
        {PRODUCT_FORM_TEXTS.optionPhotosTitle}
      </legend>
      <p className="-mt-1 text-sm text-ink-muted">{PRODUCT_FORM_TEXTS.optionPhotosHint}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {photos.map((photo, index) => (
          <li key={photo.key} className="flex items-end gap-3">
            {isNewPicture(photo.picture) ? (
              <AddedPreview file={photo.picture.file} />
            ) : (
              <ResponsiveImage
                src={photo.picture.image}
                alt=""
                width={64}
                height={64}
                sizes="64px"
                className="size-16 shrink-0 rounded-lg border border-sand-300 object-cover"
              />
            )}
            <SelectField
              id={`${idPrefix}-photo-${index}-shows`}
              label={PRODUCT_FORM_TEXTS.photoShows(index + 1)}
              options={choices}
              value={encode(photo.tie)}
              onChange={(event) => setTie(index, decode(event.target.value))}
              className="min-w-0 flex-1"
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function AddedPreview({ file }: { file: File }) {
  const preview = usePreviewUrl(file);
  return preview ? (
    <img
      src={preview}
      alt=""
      className="size-16 shrink-0 rounded-lg border border-sage-400 object-cover"
    />
  ) : (
    <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-sage-400 bg-sand-100 p-1 text-center text-xs break-all">
      {file.name}
    </span>
  );
}
