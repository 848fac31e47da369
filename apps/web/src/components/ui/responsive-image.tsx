import ImageOff from 'lucide-react/icons/image-off';
import { useState } from 'react';
import { cx } from '@/lib/cx';
import { srcSetFor } from '@/lib/image-srcset';

export interface ResponsiveImageProps {
  /** The stored image's address (`/media/products/abc.webp`); null or '' for none. */
  src: string | null | undefined;
  /** What the image shows; '' when it only decorates (the text next to it says it all). */
  alt: string;
  /** The intrinsic size, or just its aspect ratio: it reserves the space (no layout shift). */
  width: number;
  height: number;
  /** How wide the image is shown, for the browser's choice in `srcset`. */
  sizes?: string;
  /** Above the fold (the first products, a hero): load at once and early. */
  priority?: boolean;
  /** Classes of the image and of the placeholder, e.g. `aspect-square w-full object-cover`. */
  className?: string;
}

/**
 * An uploaded image in the width the screen needs (DESIGN 2.10): `srcset` from the stored
 * widths, lazy below the fold, explicit dimensions. Without an image, or when it fails to
 * load, a calm 'No Image' block of the same shape takes its place (SPEC §2 Shop).
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: ResponsiveImageProps) {
  // Remembers which address failed, so a new address gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    const shape = {
      className: cx(
        'flex flex-col items-center justify-center gap-1.5 bg-sand-100 text-sm font-medium text-ink-muted',
        className,
      ),
      style: { aspectRatio: `${width} / ${height}` },
      'data-testid': 'image-placeholder',
    };
    const content = (
      <>
        <ImageOff aria-hidden="true" className="size-6 text-sage-700" />
        <span>No Image</span>
      </>
    );
    // A decorative image's stand-in is decoration too; otherwise it carries the name.
    return alt === '' ? (
      <div aria-hidden="true" {...shape}>
        {content}
      </div>
    ) : (
      <div role="img" aria-label={`${alt} (No Image)`} {...shape}>
        {content}
      </div>
    );
  }

  const srcSet = srcSetFor(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '100vw') : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cx('h-auto max-w-full bg-sand-100', className)}
    />
  );
}
