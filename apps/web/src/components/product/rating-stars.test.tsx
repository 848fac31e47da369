import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars, reviewCount } from './rating-stars';

describe('RatingStars', () => {
  it('is one image named by the rating, the fifth star partly filled for 4.3', () => {
    const { container } = render(<RatingStars value={4.3} />);
    const image = screen.getByRole('img', { name: 'Rated 4.3 out of 5' });
    // The stars are decoration: nothing inside is read out again.
    expect(image.textContent).toBe('');
    for (const svg of image.querySelectorAll('svg')) {
      expect(svg.closest('[aria-hidden="true"]')).not.toBeNull();
    }
    const fills = Array.from(container.querySelectorAll('[data-fill]')).map((el) =>
      el.getAttribute('data-fill'),
    );
    expect(fills).toEqual(['100', '100', '100', '100', '30']);
  });

  it('says whole ratings without a decimal', () => {
    render(<RatingStars value={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
  });

  it('counts reviews in words', () => {
    expect(reviewCount(1)).toBe('1 review');
    expect(reviewCount(1204)).toBe('1,204 reviews');
  });
});
