import { describe, expect, it } from 'vitest';
import { type ProductArt, productImage } from './images';

/**
 * Demo product pictures carry no lettering (the shop writes name and brand under them; at 80 px
 * text is a smudge), yet stay distinct per product: shape, colour, composition, category motif.
 */

const art: ProductArt = {
  category: 'Apparel',
  shape: 'tee',
  colour: '#d9cdb4',
  background: '#e9dfcc',
  accent: '#9caf88',
  composition: 0,
};

/** What the seed plan used to hand over as well: the words that were drawn into the picture. */
const named = (title: string, brand: string) => ({ ...art, title, brand }) as ProductArt;

describe('demo product images', () => {
  it('draw no text: two products differing only by name and brand look the same', async () => {
    for (const composition of [0, 1, 2, 3]) {
      const a = await productImage({ ...named('Everyday Tee', 'Fern & Field'), composition });
      const b = await productImage({ ...named('Weekend Wrap Dress', 'Moss Co'), composition });
      expect(a.info).toEqual({ width: 800, height: 800, channels: a.info.channels });
      expect(Buffer.compare(a.data, b.data), `composition ${composition}`).toBe(0);
    }
  });

  it('differ by category motif, colour and composition', async () => {
    const base = await productImage(art);
    const others = await Promise.all([
      productImage({ ...art, category: 'Hygiene' }),
      productImage({ ...art, colour: '#c0714f' }),
      productImage({ ...art, composition: 2 }),
    ]);
    for (const other of others) expect(Buffer.compare(base.data, other.data)).not.toBe(0);
  });
});
