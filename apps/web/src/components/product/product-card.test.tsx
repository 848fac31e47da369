import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './product-card';
import type { ProductCardData } from './product-card-data';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

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
    rerender(
      <MemoryRouter>
        <ProductCard {...toothbrush} primaryImage="/media/products/gone.webp" />
      </MemoryRouter>,
    );
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
