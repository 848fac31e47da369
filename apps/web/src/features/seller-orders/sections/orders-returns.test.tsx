import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import { type OrderReturn, RETURN_MESSAGES, RETURN_TEXTS } from '@leafline/contract/returns';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { OrdersSection } from './orders-section';

/** A return on the dashboard's order card (decision 0055): its lines, Accept, Decline. */

afterEach(() => {
  vi.unstubAllGlobals();
});

const asked: OrderReturn = {
  id: 9,
  status: 'requested',
  decline_reason: '',
  created_at: '2026-03-21T10:00:00.000Z',
  decided_at: null,
  items: [{ order_item_id: 1, product_name: 'Linen Tote', quantity: 1, reason: 'Torn strap' }],
};
const delivered = sellerOrder({ status: 'Delivered', payout_status: 'paid', returns: [asked] });

function server(answer: (call: RecordedCall) => Response) {
  return mockFetch((call) => {
    if (call.method === 'POST' && call.url.startsWith('/api/business/orders/41/returns/9/')) {
      return answer(call);
    }
    if (call.url.startsWith('/api/business/orders/3/') && call.method === 'GET') {
      return jsonResponse(200, [delivered], { [TOTAL_COUNT_HEADER]: '1' });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
}

async function returns() {
  renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
  return within(await screen.findByTestId('seller-order-returns'));
}

describe('a return on the order card', () => {
  it('shows the lines and reasons; Accept refunds and the card says so', async () => {
    const { calls } = server(() =>
      jsonResponse(
        200,
        sellerOrder({
          ...delivered,
          returns: [{ ...asked, status: 'accepted', decided_at: '2026-03-22T10:00:00.000Z' }],
          refunds: [
            {
              kind: 'partial',
              amount: '15.00',
              reason: 'returned by the buyer',
              created_at: '2026-03-22T10:00:00.000Z',
              items: [{ order_item_id: 1, product_name: 'Linen Tote', quantity: 1 }],
              status: 'succeeded',
              error: null,
            },
          ],
        }),
      ),
    );
    const section = await returns();
    expect(section.getByText(RETURN_TEXTS.brandStatus.requested)).toBeTruthy();
    expect(section.getByText(RETURN_TEXTS.line(1, 'Linen Tote', 'Torn strap'))).toBeTruthy();
    fireEvent.click(
      section.getByRole('button', { name: `${RETURN_TEXTS.accept}: return of order #41` }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('seller-order-returns').textContent).toContain(
        RETURN_TEXTS.brandStatus.accepted,
      ),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/business/orders/41/returns/9/accept/']);
    expect(screen.queryByRole('button', { name: /Accept and refund/ })).toBeNull();
    expect(await screen.findByText(RETURN_TEXTS.accepted)).toBeTruthy();
  });

  it('Decline asks for a reason (refused empty), sends it, and the card shows it', async () => {
    const { calls } = server((call) =>
      jsonResponse(
        200,
        sellerOrder({
          ...delivered,
          returns: [
            {
              ...asked,
              status: 'declined',
              decline_reason: (call.body as { reason: string }).reason,
              decided_at: '2026-03-22T10:00:00.000Z',
            },
          ],
        }),
      ),
    );
    const section = await returns();
    fireEvent.click(
      section.getByRole('button', { name: `${RETURN_TEXTS.decline} return of order #41` }),
    );
    const dialog = await screen.findByRole('dialog', { name: RETURN_TEXTS.declineTitle(41) });
    const reason = within(dialog).getByLabelText(RETURN_TEXTS.declineReasonLabel);
    expect(document.activeElement).toBe(reason);
    const confirm = within(dialog).getByRole('button', { name: RETURN_TEXTS.declineConfirm });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText(RETURN_MESSAGES.declineReason)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fill(reason, 'Worn items cannot be returned.');
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      ['/api/business/orders/41/returns/9/decline/', { reason: 'Worn items cannot be returned.' }],
    ]);
    expect(screen.getByTestId('seller-order-returns').textContent).toContain(
      RETURN_TEXTS.declinedBecause('Worn items cannot be returned.'),
    );
  });

  it('a refusal (decided meanwhile) is said on the card', async () => {
    server(() => jsonResponse(409, { error: RETURN_MESSAGES.alreadyDecided('declined') }));
    const section = await returns();
    fireEvent.click(
      section.getByRole('button', { name: `${RETURN_TEXTS.accept}: return of order #41` }),
    );
    expect((await section.findByRole('alert')).textContent).toContain(
      RETURN_MESSAGES.alreadyDecided('declined'),
    );
  });
});
