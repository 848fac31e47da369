import type { PartnersResponse } from '@leafline/contract/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { CONTENT_TEXTS } from '../lib/content-texts';

afterEach(() => vi.unstubAllGlobals());

const PARTNERS: PartnersResponse = [
  'Fair Wage Textile Network',
  'Ocean Clean Collective',
  'Regenerative Farms Alliance',
  'Circular Fashion Lab',
  'Plastic Free Campus',
  'Pollinator Project',
].map((name, index) => ({
  id: index + 1,
  name,
  logo: `/media/partners/partner-${index + 1}.webp`,
  website: `https://www.partner-${index + 1}.example/about`,
}));

describe('Partners page', () => {
  it('shows each partner as a card: logo, name and a link to its site in a new tab', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/partners/'
        ? jsonResponse(200, PARTNERS)
        : jsonResponse(404, { error: 'Not found.' }),
    );
    renderApp('/partners');
    await screen.findByRole('heading', { level: 2, name: 'Ocean Clean Collective' });
    const list = screen.getByRole('region', { name: 'Partner organisations' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(6);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      PARTNERS.map((p) => p.name),
    );

    const second = within(cards[1]!);
    const logo = second.getByRole('img') as HTMLImageElement;
    expect(logo.getAttribute('alt')).toBe('Ocean Clean Collective logo');
    expect(logo.getAttribute('src')).toBe('/media/partners/partner-2.webp');
    const link = second.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://www.partner-2.example/about');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('partner-2.example');
    expect(link.textContent).toContain('opens in a new tab');
    expect(calls.filter((c) => c.url === '/api/partners/')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Partners · Leafline'));
  });

  it('says when the partners could not load, and tries again', async () => {
    let fail = true;
    mockFetch((call) =>
      call.url === '/api/partners/' && !fail
        ? jsonResponse(200, PARTNERS)
        : jsonResponse(404, { error: 'Not found.' }),
    );
    renderApp('/partners');
    expect((await screen.findByRole('alert')).textContent).toBe(CONTENT_TEXTS.partnersLoadError);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(6);
  });
});
