import type { Order } from '@leafline/contract/orders';
import { type OrderReturn, RETURN_MESSAGES, RETURN_TEXTS } from '@leafline/contract/returns';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse, type RecordedCall } from '@/test/fetch-mock';
import { buyerOrder, ordersServer } from '@/test/order-fixtures';
import { fill, renderApp } from '@/test/render-app';

/** Returns on My Orders (decision 0055): the offer, the dialog, and each return's state. */

afterEach(() => vi.unstubAllGlobals());

const DELIVERED_AT = '2026-03-20T10:00:00.000Z';
const delivered = (extra: Partial<Order> = {}) =>
  buyerOrder({
    id: 5,
    status: 'Delivered',
    status_history: [
      { status: 'Paid', at: '2026-03-14T09:27:00.000Z', tracking_number: '' },
      { status: 'Delivered', at: DELIVERED_AT, tracking_number: '' },
    ],
    returns_open_until: '2099-04-19T10:00:00.000Z',
    ...extra,
  });

const requested: OrderReturn = {
  id: 9,
  status: 'requested',
  decline_reason: '',
  created_at: '2026-03-21T10:00:00.000Z',
  decided_at: null,
  items: [{ order_item_id: 1, product_name: 'Linen Tote', quantity: 1, reason: 'Torn strap' }],
};

function server(orders: Order[], onReturn?: (call: RecordedCall) => Response) {
  setTokens({ access: 'acc', refresh: 'ref' });
  return ordersServer(orders, (call) =>
    call.method === 'POST' && call.url === '/api/orders/5/returns/' ? onReturn?.(call) : undefined,
  );
}

async function card() {
  const cards = await screen.findAllByTestId('order-card');
  return within(cards.find((c) => c.textContent?.includes('Order #5'))!);
}

async function openDialog() {
  fireEvent.click(
    (await card()).getByRole('button', { name: `${RETURN_TEXTS.request}: order #5` }),
  );
  return screen.findByRole('dialog', { name: RETURN_TEXTS.title(5) });
}

describe('a return from My Orders', { timeout: 20_000 }, () => {
  it('asks for a quantity and a reason per line, sends them, and shows the return waiting', async () => {
    const { calls } = server([delivered()], () =>
      jsonResponse(201, delivered({ returns: [requested] })),
    );
    renderApp('/myorders');
    const dialog = await openDialog();
    const quantity = within(dialog).getByLabelText(RETURN_TEXTS.quantityLabel('Linen Tote'));
    expect(document.activeElement).toBe(quantity);
    const send = within(dialog).getByRole('button', { name: RETURN_TEXTS.submit });
    fireEvent.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      RETURN_TEXTS.nothingPicked,
    );
    fill(quantity, '1');
    fireEvent.click(send);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(RETURN_TEXTS.reasonMissing),
    );
    fill(within(dialog).getByLabelText(RETURN_TEXTS.reasonLabel('Linen Tote')), 'Torn strap');
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      items: [{ order_item_id: 1, quantity: 1, reason: 'Torn strap' }],
    });
    const shown = await card();
    const entry = shown.getByTestId('order-return');
    expect(entry.textContent).toContain(RETURN_TEXTS.status.requested);
    expect(entry.textContent).toContain(RETURN_TEXTS.line(1, 'Linen Tote', 'Torn strap'));
    // One return waits for the brand: no second request meanwhile.
    expect(shown.queryByRole('button', { name: `${RETURN_TEXTS.request}: order #5` })).toBeNull();
    expect(await screen.findByText(RETURN_MESSAGES.requested)).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    server([delivered()], () => jsonResponse(409, { error: RETURN_MESSAGES.windowClosed(30) }));
    renderApp('/myorders');
    const dialog = await openDialog();
    fill(within(dialog).getByLabelText(RETURN_TEXTS.quantityLabel('Linen Tote')), '2');
    fill(within(dialog).getByLabelText(RETURN_TEXTS.reasonLabel('Linen Tote')), 'Too small');
    fireEvent.click(within(dialog).getByRole('button', { name: RETURN_TEXTS.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      RETURN_MESSAGES.windowClosed(30),
    );
  });

  it('says where each return stands, and offers none past the window or before delivery', async () => {
    server([
      delivered({
        returns: [
          { ...requested, status: 'accepted', decided_at: '2026-03-22T10:00:00.000Z' },
          {
            ...requested,
            id: 10,
            status: 'declined',
            decline_reason: 'Worn items cannot be returned.',
            decided_at: '2026-03-23T10:00:00.000Z',
          },
        ],
        returns_open_until: '2026-04-19T10:00:00.000Z',
      }),
      buyerOrder({ id: 6, status: 'Shipped' }),
    ]);
    renderApp('/myorders');
    const shown = await card();
    const entries = shown.getAllByTestId('order-return').map((e) => e.textContent);
    expect(entries[0]).toContain(RETURN_TEXTS.status.accepted);
    expect(entries[1]).toContain(RETURN_TEXTS.status.declined);
    expect(entries[1]).toContain(RETURN_TEXTS.declinedBecause('Worn items cannot be returned.'));
    expect(screen.queryByRole('button', { name: /Request a return/ })).toBeNull();
  });
});
