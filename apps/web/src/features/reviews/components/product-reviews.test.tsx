import type { ProductDetail } from '@leafline/contract/catalog';
import type { MyReviewResponse, Review, ReviewsResponse } from '@leafline/contract/reviews';
import { REVIEW_MESSAGES } from '@leafline/contract/reviews-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function product(extra: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 7,
    name: 'Linen Tote',
    description: 'A roomy tote.',
    price: '15.00',
    compare_at_price: null,
    condition: 'new',
    category: 'Eco-Friendly Business',
    product_category: 'Accessories',
    images: [],
    primary_image: null,
    business: 3,
    business_name: 'Fern & Flax',
    option_names: [],
    variants: [],
    stock: null,
    sold_out: false,
    rating_average: 4.5,
    rating_count: 2,
    ...extra,
  };
}

function review(id: number, extra: Partial<Review> = {}): Review {
  return {
    id,
    rating: 5,
    title: `Review ${id}`,
    body: `Body of review ${id}.`,
    author_name: `Buyer ${id}.`,
    created_at: '2026-03-04T12:00:00.000Z',
    updated_at: '2026-03-04T12:00:00.000Z',
    verified_purchase: true,
    variant_options: null,
    reply: null,
    ...extra,
  };
}

function page(results: Review[], next: string | null = null): ReviewsResponse {
  return {
    count: results.length,
    next,
    previous: null,
    results,
    summary: {
      average: results.length ? 4.5 : null,
      count: results.length,
      histogram: {
        '1': 0,
        '2': 0,
        '3': 0,
        '4': results.length ? 1 : 0,
        '5': results.length ? 1 : 0,
      },
    },
  };
}

type Override = (call: RecordedCall) => Response | undefined;

/** The product 7 with `reviews` (GET …/reviews/), `mine` for the signed-in buyer. */
function server({
  detail = product(),
  reviews = page([review(1), review(2, { rating: 4 })]),
  mine = { can_review: false, review: null } as MyReviewResponse,
  override = (() => undefined) as Override,
} = {}) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    const path = call.url.split('?')[0];
    if (path === '/api/products/7/') return jsonResponse(200, detail);
    if (path === '/api/products/7/reviews/mine/') return jsonResponse(200, mine);
    if (path === '/api/products/7/reviews/' && call.method === 'GET') {
      return jsonResponse(200, reviews);
    }
    if (call.url.startsWith('/api/products-by-business/3/')) {
      return jsonResponse(200, { results: [], count: 0, next: null, previous: null });
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
}

const reviewsSection = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Reviews' });
  return heading.closest('section') as HTMLElement;
};

describe('product reviews', { timeout: 20_000 }, () => {
  it('shows the summary, the reviews and the rating by the name; no form for a visitor', async () => {
    const { calls } = server();
    renderApp('/shop/products/7');
    const section = await reviewsSection();
    expect(section.id).toBe('reviews');
    expect(await within(section).findByText('2 reviews')).toBeTruthy();
    expect(within(section).getByRole('img', { name: '5 stars: 1 review' })).toBeTruthy();
    expect(within(section).getByRole('article', { name: 'Review 1' })).toBeTruthy();
    expect(within(section).getByText('Body of review 2.')).toBeTruthy();

    const rating = screen.getByTestId('product-rating');
    expect(rating.getAttribute('href')).toBe('/shop/products/7#reviews');
    expect(within(rating).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(rating.textContent).toContain('(2 reviews)');

    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    // A visitor is not asked about their own review.
    expect(calls.some((c) => c.url.includes('/reviews/mine/'))).toBe(false);
  });

  it('says so when there is no review, and leaves out the rating by the name', async () => {
    server({ detail: product({ rating_average: null, rating_count: 0 }), reviews: page([]) });
    renderApp('/shop/products/7');
    const section = await reviewsSection();
    expect(await within(section).findByText('No reviews yet.')).toBeTruthy();
    expect(screen.queryByTestId('product-rating')).toBeNull();
    expect(screen.queryByLabelText('Sort reviews')).toBeNull();
  });

  it('asks again with sort=highest, and for page 2 with Show more reviews', async () => {
    const { calls } = server({
      reviews: page([review(1), review(2)], '/api/products/7/reviews/?page=2'),
    });
    renderApp('/shop/products/7');
    const sort = (await screen.findByLabelText('Sort reviews')) as HTMLSelectElement;
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Most recent', 'Highest rating', 'Lowest rating']);
    fireEvent.change(sort, { target: { value: 'highest' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/reviews/?') && c.url.includes('sort=highest')),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show more reviews' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('page=2') && c.url.includes('sort=highest'))).toBe(
        true,
      ),
    );
  });

  it('hides the form from a signed-in account that cannot review', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server();
    renderApp('/shop/products/7');
    await reviewsSection();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/reviews/mine/'))).toBe(true));
    await screen.findByRole('article', { name: 'Review 1' });
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Your rating' })).toBeNull();
  });

  it('checks the form with the contract messages, posts it and shows the new review', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let mine: MyReviewResponse = { can_review: true, review: null };
    const created = review(9, { rating: 4, title: 'Sturdy', body: 'Carried ten books home.' });
    const { calls } = server({
      override: (call) => {
        if (call.url === '/api/products/7/reviews/mine/') return jsonResponse(200, mine);
        if (call.url === '/api/products/7/reviews/' && call.method === 'POST') {
          mine = { can_review: false, review: created };
          return jsonResponse(201, { message: REVIEW_MESSAGES.created, review: created });
        }
        return undefined;
      },
    });
    renderApp('/shop/products/7');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    const stars = within(form).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);

    // Nothing chosen, a body too short: the contract's messages, nothing sent.
    fill(within(form).getByLabelText('Review'), 'Too short');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByText(REVIEW_MESSAGES.rating)).toBeTruthy();
    expect(within(form).getByText(REVIEW_MESSAGES.body)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(stars).getByRole('radio', { name: '4 stars' }));
    fill(within(form).getByLabelText('Title'), '  Sturdy ');
    fill(within(form).getByLabelText('Review'), 'Carried ten books home.');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        rating: 4,
        title: 'Sturdy',
        body: 'Carried ten books home.',
      }),
    );
    expect(await screen.findByText(REVIEW_MESSAGES.created)).toBeTruthy();
    const own = await screen.findByRole('region', { name: 'Your review' });
    expect(within(own).getByText('Carried ten books home.')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('edits one own review with the same form (PATCH)', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const mineReview = review(1, { rating: 3, title: 'Fine', body: 'It is a fine tote.' });
    const { calls } = server({
      mine: { can_review: false, review: mineReview },
      override: (call) =>
        call.method === 'PATCH'
          ? jsonResponse(200, { message: REVIEW_MESSAGES.updated, review: mineReview })
          : undefined,
    });
    renderApp('/shop/products/7');
    const own = await screen.findByRole('region', { name: 'Your review' });
    fireEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const stars = within(own).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getByRole('radio', { name: '3 stars' })).toHaveProperty('checked', true);
    fireEvent.click(within(stars).getByRole('radio', { name: '5 stars' }));
    fireEvent.click(within(own).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      const patch = calls.find((c) => c.method === 'PATCH');
      expect(patch?.url).toBe('/api/reviews/1/');
      expect(patch?.body).toEqual({ rating: 5, title: 'Fine', body: 'It is a fine tote.' });
    });
    expect(await screen.findByText(REVIEW_MESSAGES.updated)).toBeTruthy();
    // The buyer's own review in the list has no Report.
    expect(screen.queryByRole('button', { name: 'Report the review by Buyer 1.' })).toBeNull();
  });

  it('reports another buyer’s review after a confirm', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server({
      override: (call) =>
        call.url === '/api/reviews/2/report/'
          ? jsonResponse(200, { message: REVIEW_MESSAGES.reported })
          : undefined,
    });
    renderApp('/shop/products/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Report the review by Buyer 2.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review?' });
    expect(calls.some((c) => c.url.includes('/report/'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.reported)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/reviews/2/report/')?.method).toBe('POST');
  });
});
