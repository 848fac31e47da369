import type { FaqResponse } from '@leafline/contract/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { CONTENT_TEXTS } from '../lib/content-texts';

afterEach(() => vi.unstubAllGlobals());

/** Whether the text is on screen: in the page, and not inside a `hidden` element. */
function isShown(text: string): boolean {
  const element = screen.queryByText(text);
  return element !== null && element.closest('[hidden]') === null;
}

const FAQ: FaqResponse = [
  {
    category: 'Sustainability vetting',
    items: [
      { id: 1, question: 'How do you vet brands?', answer: 'Against our five criteria.' },
      { id: 2, question: 'What counts as sustainable?', answer: 'At least 80 % of materials.' },
    ],
  },
  {
    category: 'Returns and cancellations',
    items: [{ id: 3, question: 'Can I return something?', answer: 'Each brand sets its policy.' }],
  },
];

function serveFaq(answer: () => Response = () => jsonResponse(200, FAQ)) {
  return mockFetch((call) => {
    if (call.url === '/api/faq/') return answer();
    return jsonResponse(404, { error: 'Not found.' });
  });
}

describe('FAQ page', () => {
  it('shows one collapsible group per topic, with its questions, in the order given', async () => {
    const { calls } = serveFaq();
    renderApp('/faqs');
    expect(
      (await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }))
        .textContent,
    ).toBe('Frequently asked questions');
    await screen.findByRole('button', { name: 'Sustainability vetting' });
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Sustainability vetting', 'Returns and cancellations']);
    const questions = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(questions).toEqual([
      'How do you vet brands?',
      'What counts as sustainable?',
      'Can I return something?',
    ]);
    expect(calls.filter((c) => c.url === '/api/faq/')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('FAQ · Leafline'));
  });

  it('opens and closes an answer on click, and says so to assistive technology', async () => {
    serveFaq();
    renderApp('/faqs');
    const question = await screen.findByRole('button', { name: 'How do you vet brands?' });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answer?.textContent).toBe('Against our five criteria.');
    // Closed at first: the answer is not shown.
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(isShown('Against our five criteria.')).toBe(false);

    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(isShown('Against our five criteria.')).toBe(true);
    // Only the clicked answer opens.
    expect(isShown('At least 80 % of materials.')).toBe(false);

    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(isShown('Against our five criteria.')).toBe(false);
  });

  it('collapses and reopens a whole topic', async () => {
    serveFaq();
    renderApp('/faqs');
    const topic = await screen.findByRole('button', { name: 'Returns and cancellations' });
    expect(topic.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Can I return something?' })).toBeTruthy();

    fireEvent.click(topic);
    expect(topic.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Can I return something?' })).toBeNull();
    // The other topic stays open.
    expect(screen.getByRole('button', { name: 'How do you vet brands?' })).toBeTruthy();

    fireEvent.click(topic);
    expect(screen.getByRole('button', { name: 'Can I return something?' })).toBeTruthy();
  });

  it('says when the questions could not load, and loads them again on Try again', async () => {
    let fail = true;
    serveFaq(() => (fail ? jsonResponse(404, { error: 'Not found.' }) : jsonResponse(200, FAQ)));
    renderApp('/faqs');
    expect((await screen.findByRole('alert')).textContent).toBe(CONTENT_TEXTS.faqLoadError);
    expect(screen.queryByRole('button', { name: 'How do you vet brands?' })).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'How do you vet brands?' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a skeleton while the questions load', async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/faqs');
    const loading = await screen.findByRole('status');
    expect(within(loading).getByText('Loading questions…')).toBeTruthy();
    answer(jsonResponse(200, FAQ));
    await waitFor(() => expect(screen.queryByText('Loading questions…')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sustainability vetting' })).toBeTruthy();
  });
});
