import type { ProductImage } from '@leafline/contract/catalog';
import { useState } from 'react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';

// The gallery is the full width on a phone and about half of the 72rem page beside the details.
const MAIN_SIZES = '(min-width: 1024px) 560px, (min-width: 640px) 80vw, 100vw';
const THUMB_SIZES = '80px';

export interface ProductGalleryProps {
  images: readonly ProductImage[];
  /** The product's name: the alt text of pictures that have none of their own. */
  productName: string;
}

/**
 * The main picture and, with more than one, a row of thumbnails (SPEC §2 Product page).
 * Each thumbnail is a button named after the picture it shows; the current one is pressed.
 * Give it a `key` that changes with the image set, so a new set starts at its first picture.
 */
export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  const altOf = (image: ProductImage) => image.alt_text.trim() || productName;

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-card border border-sand-300 bg-sand-100">
        <ResponsiveImage
          key={current?.image ?? 'none'}
          src={current?.image}
          alt={current ? altOf(current) : productName}
          width={1200}
          height={1200}
          sizes={MAIN_SIZES}
          priority
          className="aspect-square w-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        // biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it
        <ul role="list" aria-label="Product images" className="flex flex-wrap gap-2 sm:gap-3">
          {images.map((image, i) => {
            const selected = image === current;
            return (
              <li key={`${image.id}-${image.image}`}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Show image ${i + 1} of ${images.length}: ${altOf(image)}`}
                  aria-pressed={selected}
                  className={cx(
                    'block size-16 overflow-hidden rounded-xl border-2 bg-sand-100 transition sm:size-20',
                    selected
                      ? 'border-forest-900 shadow-soft'
                      : 'border-transparent opacity-80 hover:border-sage-400 hover:opacity-100',
                  )}
                >
                  <ResponsiveImage
                    src={image.image}
                    alt=""
                    width={160}
                    height={160}
                    sizes={THUMB_SIZES}
                    className="size-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
