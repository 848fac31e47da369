/**
 * Uploaded images are stored as WebP in three widths (DESIGN 2.10): the main file
 * (`/media/products/abc.webp`, at most 1200 px wide) and its smaller siblings
 * `abc-320.webp` and `abc-640.webp`. The widths are the contract's, shared with the server.
 */
import { IMAGE_MAIN_WIDTH, IMAGE_SIBLING_WIDTHS } from '@leafline/contract/constants';

export { IMAGE_MAIN_WIDTH, IMAGE_SIBLING_WIDTHS };

// A media address, relative or absolute, of a WebP file, without query or fragment.
const MEDIA_WEBP = /^(?:https?:\/\/[^/?#]+)?\/media\/[^?#]+\.webp$/i;

/** Whether an address names one of our own stored WebP images (which have siblings). */
export function isStoredWebp(url: string | null | undefined): url is string {
  return typeof url === 'string' && MEDIA_WEBP.test(url) && !/-(?:320|640)\.webp$/i.test(url);
}

/**
 * The `srcset` of a stored image, smallest first:
 * `/media/p/abc-320.webp 320w, /media/p/abc-640.webp 640w, /media/p/abc.webp 1200w`.
 * Other addresses (outside /media, not WebP, already a sibling) get none.
 */
export function srcSetFor(url: string | null | undefined): string | undefined {
  if (!isStoredWebp(url)) return undefined;
  const base = url.slice(0, -'.webp'.length);
  const ext = url.slice(-'.webp'.length);
  return [
    ...IMAGE_SIBLING_WIDTHS.map((width) => `${base}-${width}${ext} ${width}w`),
    `${url} ${IMAGE_MAIN_WIDTH}w`,
  ].join(', ');
}
