import { FAVORITE_TEXTS } from '@leafline/contract/favorites-texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readGuestFavorites } from '@/lib/guest-favorites';
import { ProductCard } from './product-card';
import type { ProductCardData } from './product-card-data';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** The router, and the query cache the card's heart reads (decision 0050). */
function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}
const inRouter = (ui: ReactNode) => render(ui, { wrapper: Providers });

const toothbrush: ProductCardData = {
  id: 12,
  name: 'Bamboo Toothbrush',
  price: '15.00',
  primaryImage: '/media/products/tb.webp',
  businessId: 4,
  businessName: 'Tidewater Soap Co.',
  condition: 'new',
};

describe('ProductCard', () => {
  it('shows its buyers’ rating in figures, read out in words; nothing without one (issue 27)', () => {
    inRouter(<ProductCard {...toothbrush} ratingAverage={4.3} ratingCount={12} />);
    const rating = screen.getByTestId('card-rating');
    expect(within(rating).getByText('Rated 4.3 out of 5 by 12 buyers')).toBeTruthy();
    expect(rating.textContent).toContain('★ 4.3 (12)');
  });

  it('shows no rating for a product nobody rated', () => {
    inRouter(<ProductCard {...toothbrush} ratingAverage={null} ratingCount={0} />);
    expect(screen.queryByTestId('card-rating')).toBeNull();
  });

  it('shows image, name, business, price and condition with two separate links', () => {
    const { container } = inRouter(<ProductCard {...toothbrush} />);
    const article = screen.getByRole('article');
    const links = within(article).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bamboo Toothbrush', '/shop/products/12'],
      ['Tidewater Soap Co.', '/businessproducts/4'],
    ]);
    // No link inside another link.
    expect(container.querySelector('a a')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Bamboo Toothbrush' })).toBeTruthy();
    expect(within(article).getByText('$15.00')).toBeTruthy();
    expect(within(article).getByText('New')).toBeTruthy();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/products/tb.webp');
    expect(img.getAttribute('srcset')).toContain('/media/products/tb-320.webp 320w');
    expect(img.getAttribute('width')).toBe(img.getAttribute('height'));
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it("says 'Loading...' until the business name is known, without a link", () => {
    inRouter(<ProductCard {...toothbrush} businessName={undefined} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it("labels second-hand products 'Secondhand' and formats prices as dollars", () => {
    inRouter(<ProductCard {...toothbrush} condition="second_hand" price="1234.5" />);
    expect(screen.getByText('Secondhand')).toBeTruthy();
    expect(screen.getByText('$1,234.50')).toBeTruthy();
  });

  it("shows 'No Image' without an image or when it fails", () => {
    const { rerender, container } = inRouter(<ProductCard {...toothbrush} primaryImage={null} />);
    expect(screen.getByText('No Image')).toBeTruthy();
    rerender(<ProductCard {...toothbrush} primaryImage="/media/products/gone.webp" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByText('No Image')).toBeTruthy();
  });

  it('loads a priority image eagerly and takes a heading level', () => {
    const { container } = inRouter(<ProductCard {...toothbrush} priority headingLevel={2} />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
  });
});

describe('ProductGrid', () => {
  const products = Array.from({ length: 5 }, (_, i) => ({
    ...toothbrush,
    id: i + 1,
    name: `Product ${i + 1}`,
  }));

  it('lists one card per product, the first ones loading at once', () => {
    const { container } = inRouter(
      <ProductGrid products={products} priorityCount={2} label="Search results" />,
    );
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(
      Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('loading')),
    ).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy']);
    // Two columns from the narrowest phone (one column made the shop 12,000 px tall).
    expect(list.className).toMatch(/(^| )grid-cols-2( |$)/);
    expect(list.className).not.toContain('grid-cols-1');
    expect(list.className).toContain('xl:grid-cols-4');
  });

  it('stops at three columns when asked', () => {
    inRouter(<ProductGrid products={products} maxColumns={3} />);
    const list = screen.getByRole('list');
    expect(list.className).toContain('lg:grid-cols-3');
    expect(list.className).not.toContain('grid-cols-4');
  });

  it('has a skeleton of the same shape that announces loading', () => {
    render(<ProductGridSkeleton count={6} />);
    expect(screen.getByRole('status').textContent).toContain('Loading products…');
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(6);
  });
});

describe('the heart (decision 0050)', () => {
  afterEach(() => window.localStorage.clear());

  it('saves a product in the browser while signed out, as a toggle named by what it does', () => {
    inRouter(<ProductCard {...toothbrush} />);
    const heart = screen.getByRole('button', {
      name: `${FAVORITE_TEXTS.save}: Bamboo Toothbrush`,
    });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(readGuestFavorites()).toEqual([12]);
    const pressed = screen.getByRole('button', {
      name: `${FAVORITE_TEXTS.remove}: Bamboo Toothbrush`,
    });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pressed);
    expect(readGuestFavorites()).toEqual([]);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the same product saved on every card of it, newest saved first', () => {
    inRouter(
      <ProductGrid
        products={[toothbrush, { ...toothbrush, id: 13, name: 'Soap Bar' }]}
        label="Results"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: `${FAVORITE_TEXTS.save}: Soap Bar` }));
    fireEvent.click(
      screen.getByRole('button', { name: `${FAVORITE_TEXTS.save}: Bamboo Toothbrush` }),
    );
    expect(readGuestFavorites()).toEqual([12, 13]);
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(2);
  });
});
