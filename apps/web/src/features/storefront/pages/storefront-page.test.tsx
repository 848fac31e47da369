import type { PublicBusiness } from '@leafline/contract/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

function business(extra: Partial<PublicBusiness> = {}): PublicBusiness {
  return {
    id: 3,
    name: 'Fern & Flax',
    description: 'Linen goods from a small studio.',
    email: 'hello@fernflax.example',
    website: 'https://fernflax.example',
    shipping_strategy: 'Ships in recycled paper within 3 days.',
    price_range: '$10 - $60',
    production: 'Handmade in small batches.',
    logonew: null,
    banner: null,
    verified: true,
    business_type: 'eco_friendly_company',
    ...extra,
  };
}

function summary(id: number) {
  return {
    id,
    name: `Product ${id}`,
    price: '12.00',
    business: 3,
    business_name: 'Fern & Flax',
    condition: 'new' as const,
    primary_image: null,
    product_category: 'Accessories',
  };
}

/** A page of the business's products, `count` in all, 10 a page. */
function productsPage(page: number, count: number) {
  const first = (page - 1) * 10 + 1;
  const last = Math.min(count, page * 10);
  const results = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
    summary(first + i),
  );
  return {
    results,
    count,
    next: last < count ? `http://x/api/products-by-business/3/?page=${page + 1}` : null,
    previous: page > 1 ? `http://x/api/products-by-business/3/?page=${page - 1}` : null,
  };
}

interface Setup {
  business?: PublicBusiness | null;
  notes?: { id: number; title: string; explanation: string }[];
  count?: number;
  override?: (call: RecordedCall) => Response | undefined;
}

function server({ business: b = business(), notes = [], count = 4, override }: Setup = {}) {
  return mockFetch((call) => {
    const answer = override?.(call);
    if (answer) return answer;
    if (call.url === '/api/business/3/' && b) return jsonResponse(200, b);
    if (call.url.startsWith('/api/business/'))
      return jsonResponse(404, { error: 'Business not found' });
    if (call.url === '/api/sustainability/3/') return jsonResponse(200, notes);
    const match = /^\/api\/products-by-business\/3\/\?page=(\d+)$/.exec(call.url);
    if (match) return jsonResponse(200, productsPage(Number(match[1]), count));
    return jsonResponse(404, { error: 'Not found.' });
  });
}

describe('storefront', { timeout: 20_000 }, () => {
  it('shows the banner area, name, About, Products and Contact', async () => {
    server();
    renderApp('/businessproducts/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fern & Flax' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'About' })).toBeTruthy();
    expect(screen.getByText('Linen goods from a small studio.')).toBeTruthy();
    expect(screen.getByText('Production')).toBeTruthy();
    expect(screen.getByText('Ships in recycled paper within 3 days.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeTruthy();
    expect(screen.getByText('Showing 1-4 of 4 products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@fernflax.example' }).getAttribute('href')).toBe(
      'mailto:hello@fernflax.example',
    );
    const site = screen.getByRole('link', { name: /^fernflax\.example.*opens in a new tab/ });
    expect(site.getAttribute('href')).toBe('https://fernflax.example/');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.title).toMatch(/^Fern & Flax/);
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });

  it('hides the sustainability section without notes', async () => {
    server({ notes: [] });
    renderApp('/businessproducts/3');
    await screen.findByRole('link', { name: 'Product 1' });
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Sustainability notes' })).toBeNull();
    const sections = screen.getByRole('navigation', { name: 'Storefront sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['About', 'Products', 'Contact']);
  });

  it('shows each note as an expandable entry when there are some', async () => {
    server({ notes: [{ id: 1, title: 'Plastic-free', explanation: 'No plastic anywhere.' }] });
    renderApp('/businessproducts/3');
    expect(await screen.findByRole('heading', { name: 'Sustainability notes' })).toBeTruthy();
    const summary = screen.getByText('Plastic-free').closest('summary');
    expect(summary?.parentElement?.tagName).toBe('DETAILS');
    expect(screen.getByText('No plastic anywhere.')).toBeTruthy();
  });

  it('a verified brand has the Verified badge, described by its tooltip', async () => {
    server();
    renderApp('/businessproducts/3');
    const badge = await screen.findByRole('button', { name: /Verified/ });
    const tooltip = document.getElementById(badge.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.textContent).toMatch(/^Verified by Leafline/);
  });

  it('an individual seller shows its description as is and no badge', async () => {
    const line = '* This is an individual seller, not verified by Leafline.';
    server({
      business: business({ business_type: 'individual_seller', description: line, verified: true }),
    });
    renderApp('/businessproducts/3');
    expect(await screen.findByText(line)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Verified/ })).toBeNull();
  });

  it('pages through the products 10 at a time with numbered pages and ellipses', async () => {
    const { calls } = server({ count: 75 });
    const { router } = renderApp('/businessproducts/3');
    const pager = await screen.findByRole('navigation', { name: 'Product pages' });
    const pageNames = () =>
      within(pager)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(pageNames()).toEqual(['Previous', '1', '2', '…', '8', 'Next']);
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Product 11' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.some((c) => c.url === '/api/products-by-business/3/?page=2')).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 8' }));
    expect(await screen.findByRole('link', { name: 'Product 71' })).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Showing 71-75 of 75 products')).toBeTruthy();
  });

  it("says 'Failed to load business details.' for an unknown business", async () => {
    server({ business: null });
    renderApp('/businessproducts/999');
    expect(await screen.findByText('Failed to load business details.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("says 'Failed to load business details.' for a non-numeric id", async () => {
    const { calls } = server();
    renderApp('/businessproducts/abc');
    expect(await screen.findByText('Failed to load business details.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("says 'Failed to load products.' when the products do not load", async () => {
    server({
      override: (call) =>
        call.url.startsWith('/api/products-by-business/')
          ? jsonResponse(500, { error: 'Internal Server Error' })
          : undefined,
    });
    renderApp('/businessproducts/3');
    expect(await screen.findByText('Failed to load products.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Fern & Flax' })).toBeTruthy();
  });

  it("says 'No products available from this business at the moment.' without products", async () => {
    server({ count: 0 });
    renderApp('/businessproducts/3');
    expect(
      await screen.findByText('No products available from this business at the moment.'),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });
});
