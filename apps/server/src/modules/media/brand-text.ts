import { createRequire } from 'node:module';
import sharp from 'sharp';

/**
 * Text in server-made images (DESIGN §4): rendered by Pango from the brand's own TTF files
 * (Fraunces for display, Inter for body), so images look the same on a machine without any
 * system fonts. The demo images of the seed and the quiz's persona posters both use it.
 */
const require = createRequire(import.meta.url);
const FONTS = {
  display: {
    file: require.resolve('@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf'),
    family: 'Fraunces SemiBold',
  },
  body: {
    file: require.resolve('@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf'),
    family: 'Inter Medium',
  },
} as const;

export type BrandFont = keyof typeof FONTS;

/** A rendered line or paragraph: PNG with transparency, ready to composite. */
export interface TextImage {
  input: Buffer;
  width: number;
  height: number;
}

export interface TextOptions {
  font: BrandFont;
  /** Size in pixels (rendered at 72 dpi, so points are pixels). */
  size: number;
  colour: string;
  /** Wrapping width in pixels. */
  width: number;
  align?: 'centre' | 'left';
  /** Letter spacing in points (for small capitals). */
  spacing?: number;
}

const escapeMarkup = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

// Every image of a product repeats its title: keep the last few renders.
const textCache = new Map<string, Promise<TextImage>>();

/** Renders `value` in a brand font, wrapped at word boundaries to `options.width`. */
export function brandText(value: string, options: TextOptions): Promise<TextImage> {
  const cacheKey = JSON.stringify([value, options]);
  const hit = textCache.get(cacheKey);
  if (hit) return hit;
  const font = FONTS[options.font];
  const spacing = options.spacing ? ` letter_spacing="${Math.round(options.spacing * 1024)}"` : '';
  const rendered = sharp({
    text: {
      text: `<span foreground="${options.colour}"${spacing}>${escapeMarkup(value)}</span>`,
      font: `${font.family} ${options.size}`,
      fontfile: font.file,
      width: options.width,
      align: options.align === 'left' ? 'left' : 'centre',
      rgba: true,
      dpi: 72,
      wrap: 'word',
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ input: data, width: info.width, height: info.height }));
  // A failed render is not kept: the next call tries again.
  rendered.catch(() => textCache.delete(cacheKey));
  textCache.set(cacheKey, rendered);
  if (textCache.size > 48) textCache.delete(textCache.keys().next().value!);
  return rendered;
}
