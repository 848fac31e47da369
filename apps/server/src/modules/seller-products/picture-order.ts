import { PRODUCT_MESSAGES } from '@leafline/contract';
import { fieldError } from '../../lib/errors';
import type { MultipartForm } from '../../lib/multipart-form';

/**
 * The free order of a product's pictures (issue 24 point 13, docs/decisions/0028): beside the
 * §7 keys, `existingImages[i].position` and `images[i].position` give each picture its 0-based
 * place among the pictures the save leaves, so an upload can come before a kept picture; a
 * variant's own pictures likewise (`variants[k].existingImages[j].position`,
 * `variants[k].images[j].position`). A list without any position key keeps the §7 order: kept
 * pictures first, in `existingImages` order, then the uploads.
 */

/** The pictures a form carries in one list, by their sent indexes (each sorted). */
export interface PictureIndexes {
  /** The `existingImages[i]` texts. */
  existing: number[];
  /** The `images[i].image` files. */
  uploads: number[];
}

const PICTURE_FIELD = /^(?:variants\[(\d{1,4})\]\.)?existingImages\[(\d{1,4})\]$/;
const PICTURE_FILE = /^(?:variants\[(\d{1,4})\]\.)?images\[(\d{1,4})\]\.image$/;
const POSITION_KEY = /^(?:variants\[(\d{1,4})\]\.)?(existingImages|images)\[(\d{1,4})\]\.position$/;

/** A list's prefix in field names: '' for the product's, 'variants[3].' for a variant's. */
const listPrefix = (variant: string | undefined) =>
  variant === undefined ? '' : `variants[${Number(variant)}].`;

/**
 * The pictures of every list of the form, by list prefix ('' or 'variants[3].'), in the order
 * `parseProductForm` reads them (which has already refused malformed indexes).
 */
export function pictureIndexes(form: MultipartForm): Map<string, PictureIndexes> {
  const lists = new Map<string, { existing: Set<number>; uploads: Set<number> }>();
  const listOf = (variant: string | undefined) => {
    const prefix = listPrefix(variant);
    let list = lists.get(prefix);
    if (!list) {
      list = { existing: new Set(), uploads: new Set() };
      lists.set(prefix, list);
    }
    return list;
  };
  for (const key of form.fields.keys()) {
    const match = PICTURE_FIELD.exec(key);
    if (match) listOf(match[1]).existing.add(Number(match[2]));
  }
  for (const key of form.files.keys()) {
    const match = PICTURE_FILE.exec(key);
    if (match) listOf(match[1]).uploads.add(Number(match[2]));
  }
  // `images[01]` and `images[1]` are one picture, as parseProductForm reads them.
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return new Map(
    [...lists].map(([prefix, list]) => [
      prefix,
      { existing: sorted(list.existing), uploads: sorted(list.uploads) },
    ]),
  );
}

/** The position key of one picture: its name, and its text when it was sent. */
export interface SentPosition {
  key: string;
  value: string | undefined;
}

/** One list's position keys, in the order of its §7 keys. */
export interface ListPositions {
  /** By `existingImages[i]` entry, in index order. */
  existing: SentPosition[];
  /** By upload, in index order. */
  uploads: SentPosition[];
}

/**
 * The position keys of every list that has at least one, by list prefix. A position for a
 * picture the form does not carry (`images[3].position` without `images[3].image`) is a 400
 * naming the key.
 */
export function parseImagePositions(form: MultipartForm): Map<string, ListPositions> {
  const pictures = pictureIndexes(form);
  const sent = new Map<string, Map<string, { key: string; value: string }>>();
  for (const [key, value] of form.fields) {
    const match = POSITION_KEY.exec(key);
    if (!match) continue;
    const prefix = listPrefix(match[1]);
    const list = match[2] as 'existingImages' | 'images';
    const index = Number(match[3]);
    const carried = pictures.get(prefix)?.[list === 'images' ? 'uploads' : 'existing'];
    if (!carried?.includes(index)) {
      throw fieldError(key, PRODUCT_MESSAGES.optionValueWithoutPicture(key));
    }
    const ofList = sent.get(prefix) ?? new Map();
    ofList.set(`${list}[${index}]`, { key, value });
    sent.set(prefix, ofList);
  }
  const positions = new Map<string, ListPositions>();
  for (const [prefix, ofList] of sent) {
    const { existing, uploads } = pictures.get(prefix)!;
    const read = (list: string) => (index: number) =>
      ofList.get(`${list}[${index}]`) ?? {
        key: `${prefix}${list}[${index}].position`,
        value: undefined,
      };
    positions.set(prefix, {
      existing: existing.map(read('existingImages')),
      uploads: uploads.map(read('images')),
    });
  }
  return positions;
}

/** Where each kept picture and each upload of a list goes after the save. */
export interface PicturePlaces {
  keep: number[];
  add: number[];
}

/**
 * The places the position keys give the pictures a save leaves: `keptEntries` are the kept
 * pictures in their §7 order, each by the `existingImages` entry that named it (undefined for a
 * picture kept without being listed); entries the save skipped (a picture listed twice, a
 * variant's tied product picture) do not count. Undefined when the list sent no position key.
 * Each picture needs one, a whole number from 0 to n - 1 used once; anything else is a 400 on
 * the key (`field` + `existingImages` for a picture kept without an entry).
 */
export function placePictures(
  sent: ListPositions | undefined,
  keptEntries: readonly (number | undefined)[],
  uploadCount: number,
  field: string,
): PicturePlaces | undefined {
  if (!sent) return undefined;
  const total = keptEntries.length + uploadCount;
  const message = PRODUCT_MESSAGES.picturePositions(total);
  const used = new Set<number>();
  const place = (position: SentPosition | undefined, unnamed: string): number => {
    const text = position?.value?.trim();
    if (!position || text === undefined) throw fieldError(position?.key ?? unnamed, message);
    const value = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value < total) || used.has(value)) throw fieldError(position.key, message);
    used.add(value);
    return value;
  };
  return {
    keep: keptEntries.map((entry) =>
      place(entry === undefined ? undefined : sent.existing[entry], `${field}existingImages`),
    ),
    add: Array.from({ length: uploadCount }, (_, i) => place(sent.uploads[i], `${field}images`)),
  };
}
