import { describe, expect, it } from 'vitest';
import { isStoredWebp, srcSetFor } from './image-srcset';

describe('srcSetFor', () => {
  it('lists the sibling widths of a stored WebP image, smallest first', () => {
    expect(srcSetFor('/media/products/abc.webp')).toBe(
      '/media/products/abc-320.webp 320w, /media/products/abc-640.webp 640w, /media/products/abc.webp 1200w',
    );
  });

  it('keeps the host of an absolute media address', () => {
    expect(srcSetFor('https://shop.example/media/logos/x.webp')).toBe(
      'https://shop.example/media/logos/x-320.webp 320w, https://shop.example/media/logos/x-640.webp 640w, https://shop.example/media/logos/x.webp 1200w',
    );
  });

  it('handles nested folders and dots in the file name', () => {
    expect(srcSetFor('/media/a/b/c.d.webp')?.split(', ')[0]).toBe('/media/a/b/c.d-320.webp 320w');
  });

  it('gives no srcset to addresses that have no siblings', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/media/products/abc.jpg',
      '/media/products/abc.png',
      '/static/abc.webp',
      'https://cdn.example/abc.webp',
      '/media/products/abc.webp?v=2',
      '/media/products/abc-320.webp',
      '/media/products/abc-640.webp',
      'data:image/webp;base64,AAAA',
      'media/products/abc.webp',
    ]) {
      expect(srcSetFor(url), String(url)).toBeUndefined();
    }
  });

  it('recognises stored WebP addresses', () => {
    expect(isStoredWebp('/media/products/abc.webp')).toBe(true);
    expect(isStoredWebp('/media/products/abc.WEBP')).toBe(true);
    expect(isStoredWebp('/images/abc.webp')).toBe(false);
  });
});
