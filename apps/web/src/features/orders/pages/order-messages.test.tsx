import {
  ORDER_MESSAGE_MESSAGES,
  ORDER_MESSAGE_TEXTS,
  type OrderMessagesResponse,
} from '@leafline/contract/order-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse } from '@/test/fetch-mock';
import { buyerOrder as order, ordersServer as server } from '@/test/order-fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const thread: OrderMessagesResponse = {
  order_id: 4,
  messages: [
    {
      id: 1,
      side: 'buyer',
      author_name: 'Fern Moss',
      body: 'Could you gift-wrap it?',
      created_at: '2026-03-10T10:00:00.000Z',
    },
    {
      id: 2,
      side: 'brand',
      author_name: 'Fern & Flax',
      body: 'Of course! <b>Gift</b>\nwrapped',
      created_at: '2026-03-10T11:00:00.000Z',
    },
  ],
};

/** My Orders with one paid order that has the thread above; `send` answers the POST. */
function renderOrders(send: () => Response) {
  setTokens({ access: 'acc', refresh: 'ref' });
  const { calls } = server([order({ id: 4, status: 'Paid' })], (call) => {
    if (call.url === '/api/orders/messages/') {
      return jsonResponse(200, [
        { order_id: 4, count: 2, last_at: '2026-03-10T11:00:00.000Z', last_side: 'brand' },
      ]);
    }
    if (call.url === '/api/orders/4/messages/') {
      return call.method === 'POST' ? send() : jsonResponse(200, thread);
    }
    return undefined;
  });
  renderApp('/myorders');
  return calls;
}

describe('My Orders: contact the brand (decision 0051)', { timeout: 20_000 }, () => {
  it('is collapsed with the count, opens on the thread as text, oldest first, who and when', async () => {
    const calls = renderOrders(() => jsonResponse(500, {}));
    const section = within(await screen.findByTestId('order-messages'));
    const toggle = await section.findByRole('button', { name: /Contact the brand/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() =>
      expect(section.getByTestId('order-messages-count').textContent).toContain(
        ORDER_MESSAGE_TEXTS.count(2),
      ),
    );
    expect(section.getByText(ORDER_MESSAGE_TEXTS.awaitingReply)).toBeTruthy();
    // Closed, the thread is not read.
    expect(calls.some((c) => c.url === '/api/orders/4/messages/')).toBe(false);

    fireEvent.click(toggle);
    const items = await section.findAllByTestId('order-message');
    expect(items.map((item) => item.querySelector('p:last-child')?.textContent)).toEqual([
      'Could you gift-wrap it?',
      'Of course! <b>Gift</b>\nwrapped',
    ]);
    // Text, never markup.
    expect(items[1]!.querySelector('b')).toBeNull();
    expect(within(items[0]!).getByText(ORDER_MESSAGE_TEXTS.you)).toBeTruthy();
    expect(within(items[1]!).getByText('Fern & Flax')).toBeTruthy();
    expect(items[1]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-03-10T11:00:00.000Z',
    );
  });

  it('refuses an empty message without sending, sends one, and shows the limit’s text', async () => {
    let answer = () =>
      jsonResponse(201, {
        message: ORDER_MESSAGE_MESSAGES.sent,
        order_message: { ...thread.messages[0]!, id: 3, body: 'Thanks!' },
      });
    const calls = renderOrders(() => answer());
    fireEvent.click(await screen.findByRole('button', { name: /Contact the brand/ }));
    const field = await screen.findByLabelText(ORDER_MESSAGE_TEXTS.label);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: ORDER_MESSAGE_TEXTS.send }));
    expect((await screen.findByText(ORDER_MESSAGE_MESSAGES.body)).textContent).toBe(
      ORDER_MESSAGE_MESSAGES.body,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: ORDER_MESSAGE_TEXTS.send }));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { body: 'Thanks!' },
    ]);

    answer = () => jsonResponse(429, { error: ORDER_MESSAGE_MESSAGES.tooMany });
    fireEvent.change(field, { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: ORDER_MESSAGE_TEXTS.send }));
    expect(await screen.findByText(ORDER_MESSAGE_MESSAGES.tooMany)).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('One more');
  });
});
