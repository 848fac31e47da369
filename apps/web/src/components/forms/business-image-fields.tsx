import { useController, useFormContext } from 'react-hook-form';
import { ImageFileField } from './image-file-field';

function ImageControl({
  name,
  label,
  hint,
  currentUrl,
  shape,
}: {
  name: 'logo' | 'logonew' | 'banner';
  label: string;
  hint: string;
  currentUrl?: string | null | undefined;
  shape?: 'wide';
}) {
  const { control } = useFormContext<Record<typeof name, File | null>>();
  const { field, fieldState } = useController({ control, name });
  return (
    <ImageFileField
      label={label}
      name={name}
      file={field.value}
      onChange={field.onChange}
      currentUrl={currentUrl}
      error={fieldState.error?.message}
      hint={hint}
      shape={shape}
    />
  );
}

/**
 * The logo and banner of Register Your Business and Edit business (SPEC §5: optional, images
 * only), as files of the react-hook-form form around them, sent under `logoName` and `banner`.
 */
export function BusinessImageFields({
  logoName,
  labels,
  hint,
  current,
}: {
  logoName: 'logo' | 'logonew';
  labels: { logo: string; banner: string };
  hint: string;
  /** The stored images, shown until another is chosen. */
  current?: { logo: string | null; banner: string | null };
}) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <ImageControl name={logoName} label={labels.logo} hint={hint} currentUrl={current?.logo} />
      <ImageControl
        name="banner"
        label={labels.banner}
        hint={hint}
        currentUrl={current?.banner}
        shape="wide"
      />
    </div>
  );
}
