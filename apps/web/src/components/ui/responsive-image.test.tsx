import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

describe('ResponsiveImage', () => {
  it('offers the stored widths with sizes and reserved dimensions, lazily', () => {
    render(
      <ResponsiveImage
        src="/media/products/abc.webp"
        alt="Bamboo toothbrush"
        width={640}
        height={480}
        sizes="(min-width: 1024px) 25vw, 100vw"
      />,
    );
    const img = screen.getByRole('img', { name: 'Bamboo toothbrush' });
    expect(img.getAttribute('src')).toBe('/media/products/abc.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/media/products/abc-320.webp 320w, /media/products/abc-640.webp 640w, /media/products/abc.webp 1200w',
    );
    expect(img.getAttribute('sizes')).toBe('(min-width: 1024px) 25vw, 100vw');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('480');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('loads a priority image at once and early', () => {
    render(<ResponsiveImage src="/media/a.webp" alt="Hero" width={1} height={1} priority />);
    const img = screen.getByRole('img', { name: 'Hero' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('gives other addresses no srcset and no sizes', () => {
    render(<ResponsiveImage src="https://x.example/a.png" alt="Logo" width={1} height={1} />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it("shows 'No Image' of the same shape without an address", () => {
    for (const src of [null, undefined, '']) {
      const { unmount } = render(<ResponsiveImage src={src} alt="Soap" width={4} height={3} />);
      expect(screen.queryByRole('img', { name: 'Soap' })).toBeNull();
      expect(screen.getByText('No Image')).toBeTruthy();
      expect(screen.getByTestId('image-placeholder').style.aspectRatio).toBe('4 / 3');
      unmount();
    }
  });

  it("falls back to 'No Image' when the image fails, and retries a new address", () => {
    const { rerender } = render(
      <ResponsiveImage src="/media/broken.webp" alt="Mug" width={1} height={1} />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Mug' }));
    expect(screen.getByText('No Image')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Mug' })).toBeNull();

    rerender(<ResponsiveImage src="/media/fixed.webp" alt="Mug" width={1} height={1} />);
    expect(screen.getByRole('img', { name: 'Mug' }).getAttribute('src')).toBe('/media/fixed.webp');
  });

  it('hides the stand-in of a decorative image from assistive technology', () => {
    const { rerender } = render(<ResponsiveImage src={null} alt="" width={1} height={1} />);
    expect(screen.getByTestId('image-placeholder').getAttribute('aria-hidden')).toBe('true');
    rerender(<ResponsiveImage src={null} alt="Soap" width={1} height={1} />);
    expect(screen.getByRole('img', { name: 'Soap (No Image)' })).toBe(
      screen.getByTestId('image-placeholder'),
    );
  });
});
