import type { Review, ReviewSummary as Summary } from '@leafline/contract/reviews';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewItem } from './review-item';
import { ReviewSummary } from './review-summary';

function aReview(extra: Partial<Review> = {}): Review {
  return {
    id: 1,
    rating: 4,
    title: 'Roomy',
    body: 'Holds everything.\nStill looks new.',
    author_name: 'Fern M.',
    created_at: '2026-03-04T12:00:00.000Z',
    updated_at: '2026-03-04T12:00:00.000Z',
    verified_purchase: true,
    variant_options: null,
    reply: null,
    ...extra,
  };
}

describe('ReviewSummary', () => {
  it('shows the average, the count and a labelled bar per star', () => {
    const summary: Summary = {
      average: 4.3,
      count: 20,
      histogram: { '1': 1, '2': 0, '3': 2, '4': 5, '5': 12 },
    };
    render(<ReviewSummary summary={summary} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(screen.getByText('20 reviews')).toBeTruthy();
    const bars = screen
      .getAllByRole('img')
      .map((el) => el.getAttribute('aria-label'))
      .filter((name) => !name?.startsWith('Rated'));
    expect(bars).toEqual([
      '5 stars: 12 reviews',
      '4 stars: 5 reviews',
      '3 stars: 2 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
  });
});

describe('ReviewItem', () => {
  it('shows stars, title, author, verified purchase, variant and the brand response', () => {
    render(
      <ReviewItem
        review={aReview({
          variant_options: { Size: 'M', Color: 'Forest' },
          reply: { body: 'Thank you, Fern!', created_at: '2026-03-05T12:00:00.000Z' },
        })}
        businessName="Fern & Flax"
      />,
    );
    const article = screen.getByRole('article', { name: 'Roomy' });
    expect(within(article).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(article).getByText('Fern M.')).toBeTruthy();
    expect(within(article).getByText('Verified purchase')).toBeTruthy();
    expect(within(article).getByText('Size: M, Color: Forest')).toBeTruthy();
    expect(within(article).getByText('Response from Fern & Flax')).toBeTruthy();
    expect(within(article).getByText('Thank you, Fern!')).toBeTruthy();
    expect(article.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-03-04T12:00:00.000Z',
    );
  });

  it('shows a body with markup as text, line breaks kept, never as HTML', () => {
    const body = '<script>alert(1)</script>\n<b>bold</b> claim';
    const { container } = render(
      <ReviewItem review={aReview({ body })} businessName="Fern & Flax" />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const paragraph = screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === body);
    expect(paragraph.className).toContain('whitespace-pre-line');
  });
});
