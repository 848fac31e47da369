import { NEWSLETTER_MESSAGES } from '@leafline/contract/content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { NewsletterForm } from './newsletter-form';

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText('Email address') as HTMLInputElement;
  const submit = () => {
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    fireEvent.submit(input.closest('form')!);
  };
  return { input, submit };
}

describe('NewsletterForm', () => {
  it('needs an e-mail address', () => {
    const { input } = renderForm();
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
  });

  it("shows 'Processing...', then thanks the subscriber", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { input, submit } = renderForm();
    submit();
    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]).toMatchObject({
      url: '/api/subscribe/',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
    answer(jsonResponse(200, { success: true }));
    expect((await screen.findByRole('status')).textContent).toBe(NEWSLETTER_MESSAGES.subscribed);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(input.value).toBe('');
  });

  it.each([
    ['{success: false}', () => jsonResponse(200, { success: false })],
    ['a 4xx (the endpoint is not there yet)', () => jsonResponse(404, { error: 'Not found.' })],
    ['a 400', () => jsonResponse(400, { error: 'Enter a valid email address.' })],
  ])('shows the subscription error for %s', async (_, answer) => {
    mockFetch(answer);
    renderForm().submit();
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_MESSAGES.refused);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an unreadable answer',
      () =>
        new Response('<html>oops</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    ],
    ['a server error', () => jsonResponse(500, { error: 'Internal Server Error' })],
  ])('shows the generic error for %s', async (_, answer) => {
    mockFetch(answer as () => Response);
    renderForm().submit();
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_MESSAGES.failed);
  });
});
