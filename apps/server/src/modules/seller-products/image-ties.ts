import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@leafline/contract';
import { fieldError } from '../../lib/errors';
import type { MultipartForm } from '../../lib/multipart-form';
import { pictureIndexes } from './picture-order';

/**
 * Which option value a product picture shows (issue 24 point 14, docs/decisions/0024): a
 * picture tied to option1 = "Navy" is a picture of every variant whose option1 is Navy.
 */
export interface ImageTie {
  option: 1 | 2;
  value: string;
}

export interface ParsedImageTies {
  /**
   * By kept picture, in the order of `existingImages` as parsed: its tie, null to untie it,
   * undefined when nothing was sent for it (it keeps its stored tie).
   */
  existing: (ImageTie | null | undefined)[];
  /** By upload, in the order of `images[i].image` as parsed: its tie or null. */
  uploads: (ImageTie | null)[];
}

const TIE_KEY = /^(existingImages|images)\[(\d{1,4})\]\.(option1|option2)$/;

/**
 * Reads `images[i].option1|option2` and `existingImages[i].option1|option2` beside the §7 keys
 * (which `parseProductForm` has already checked, so every index here is well formed). An empty
 * value unties; both values given for one picture, a value too long, or a value for a picture
 * the form does not carry is a 400 naming the key.
 */
export function parseImageTies(form: MultipartForm): ParsedImageTies {
  const pictures = pictureIndexes(form).get('');
  const existingIndexes = pictures?.existing ?? [];
  const uploadIndexes = pictures?.uploads ?? [];

  const sent = {
    existingImages: new Map<number, Partial<Record<1 | 2, string>>>(),
    images: new Map<number, Partial<Record<1 | 2, string>>>(),
  };
  for (const [key, raw] of form.fields) {
    const match = TIE_KEY.exec(key);
    if (!match) continue;
    const list = match[1] as 'existingImages' | 'images';
    const index = Number(match[2]);
    const known = list === 'images' ? uploadIndexes : existingIndexes;
    if (!known.includes(index)) {
      throw fieldError(key, PRODUCT_MESSAGES.optionValueWithoutPicture(key));
    }
    const value = raw.trim();
    if (value.length > PRODUCT_LIMITS.option) {
      throw fieldError(key, PRODUCT_MESSAGES.optionValueLength);
    }
    const option = match[3] === 'option1' ? 1 : 2;
    const entry = sent[list].get(index) ?? {};
    entry[option] = value;
    sent[list].set(index, entry);
  }

  const tieOf = (list: 'existingImages' | 'images', index: number): ImageTie | null | undefined => {
    const entry = sent[list].get(index);
    if (!entry) return undefined;
    const one = entry[1] ?? '';
    const two = entry[2] ?? '';
    if (one && two) throw fieldError(`${list}[${index}].option2`, PRODUCT_MESSAGES.oneOptionValue);
    if (one) return { option: 1, value: one };
    if (two) return { option: 2, value: two };
    return null;
  };
  return {
    existing: existingIndexes.map((i) => tieOf('existingImages', i)),
    uploads: uploadIndexes.map((i) => tieOf('images', i) ?? null),
  };
}
