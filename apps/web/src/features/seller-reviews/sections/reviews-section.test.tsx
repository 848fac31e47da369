import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import type { SellerReview } from '@leafline/contract/reviews';
import { REVIEW_MESSAGES } from '@leafline/contract/reviews-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerReview } from '@/test/seller-fixtures';
import { SELLER_REVIEWS_TEXTS } from '../lib/seller-reviews-texts';
import { ReviewsSection } from './reviews-section';

afterEach(() => vi.unstubAllGlobals());

const review = sellerReview;

function server(list: SellerReview[], reply?: (call: RecordedCall) => Response) {
  return mockFetch((call): Response => {
    if (call.url.startsWith('/api/business/reviews/3/') && call.method === 'GET') {
      return jsonResponse(200, list, { [TOTAL_COUNT_HEADER]: String(list.length) });
    }
    if (call.url === '/api/business/reviews/41/reply/' && reply) return reply(call);
    return jsonResponse(404, { error: 'Not found' });
  }).calls;
}

describe('the dashboard’s Reviews section', () => {
  it('lists the reviews with stars, product, buyer and the body as text; orders by lowest rating on request', async () => {
    const calls = server([review(), review({ id: 42, rating: 5, title: '', body: 'Perfect.' })]);
    renderSection(<ReviewsSection businessId={3} />, '/dashboard/reviews');
    const rows = await screen.findAllByTestId('seller-review');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('img', { name: 'Rated 2 out of 5' })).toBeTruthy();
    expect(first.getByRole('heading', { name: 'Came late' })).toBeTruthy();
    expect(first.getByText(/Linen Tote · Size: Large · Fern M\. · Verified purchase/)).toBeTruthy();
    // A script in a body is its text, never markup.
    expect(first.getByText(/<script>alert\(1\)<\/script> but a week late\./)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    // Without a title, the product names the review.
    expect(within(rows[1]!).getByRole('heading', { name: 'Linen Tote' })).toBeTruthy();
    expect(screen.getByText('2 reviews')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: SELLER_REVIEWS_TEXTS.orders.lowest }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('sort=lowest'))).toBe(true));
    expect(
      screen
        .getByRole('button', { name: SELLER_REVIEWS_TEXTS.orders.lowest })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('answers a review in place: the reply is sent, and a refusal says why', async () => {
    let answered = false;
    const calls = server([review()], (call) => {
      const body = (call.body as { body: string }).body;
      if (body.length > 5000) return jsonResponse(400, { error: REVIEW_MESSAGES.reply });
      answered = true;
      return jsonResponse(200, {
        message: REVIEW_MESSAGES.replied,
        review: review({ reply: { body, created_at: '2026-11-21T10:00:00.000Z' } }),
      });
    });
    renderSection(<ReviewsSection businessId={3} />, '/dashboard/reviews');
    const row = within((await screen.findAllByTestId('seller-review'))[0]!);
    fireEvent.click(row.getByRole('button', { name: SELLER_REVIEWS_TEXTS.reply }));
    const field = row.getByLabelText(SELLER_REVIEWS_TEXTS.replyLabel('Fern M.'));
    // Nothing written: refused before it is sent.
    fireEvent.click(row.getByRole('button', { name: SELLER_REVIEWS_TEXTS.saveReply }));
    expect(row.getByText('Write your reply in 1 to 5000 characters.')).toBeTruthy();
    fill(field, 'Sorry — the carrier lost a day. We refunded the shipping.');
    fireEvent.click(row.getByRole('button', { name: SELLER_REVIEWS_TEXTS.saveReply }));
    await waitFor(() => expect(answered).toBe(true));
    const sent = calls.find((c) => c.url === '/api/business/reviews/41/reply/');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      body: 'Sorry — the carrier lost a day. We refunded the shipping.',
    });
    expect(await screen.findByText(SELLER_REVIEWS_TEXTS.replySaved)).toBeTruthy();
  });
});
