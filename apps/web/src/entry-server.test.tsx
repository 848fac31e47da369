import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

const FAQ = [
  {
    category: 'Shipping',
    items: [{ id: 1, question: 'Who ships my order?', answer: 'Each brand ships its own parcel.' }],
  },
];

/** The API as the server's own routes answer the renderer: the FAQ for any request. */
const send = async () =>
  new Response(JSON.stringify(FAQ), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('a page rendered on the server', () => {
  it('is the same page for the same data, whenever it is rendered (one ETag, one compression)', async () => {
    const first = await renderPage('/faqs', send);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await renderPage('/faqs', send);
    expect(first.html).toContain('Who ships my order?');
    expect(first.state).toContain('Each brand ships its own parcel.');
    expect(second).toEqual(first);
  });
});
