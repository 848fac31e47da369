import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerProduct } from '@/test/seller-fixtures';
import { AddProductSection } from './add-product-section';
import { ProductsSection } from './products-section';

/**
 * Issue 24 point 12: after "Add product" the seller gets links to the new product's page in
 * the shop and to its edit form, which has an address of its own (`…/products?edit={id}`).
 */

afterEach(() => vi.unstubAllGlobals());

const added = sellerProduct({ id: 42, name: 'Linen Tote' });

describe('after a product is added', () => {
  it('links to its shop page and to its edit form', async () => {
    mockFetch(() => jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: added }));
    renderSection(<AddProductSection businessId={3} />, '/dashboard/add?business=3');
    fill(screen.getByLabelText('Name'), 'Linen Tote');
    fill(screen.getByLabelText('Description'), 'A sturdy tote of undyed linen.');
    fill(screen.getByLabelText('Price'), '15');
    fill(screen.getByLabelText('Product category'), 'Accessories');
    expect(screen.queryByRole('link', { name: 'View its page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));

    const status = await screen.findByText('“Linen Tote” is in your shop now.');
    const notice = status.closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'View its page' }).getAttribute('href')).toBe(
      '/shop/products/42',
    );
    expect(within(notice).getByRole('link', { name: 'Edit it' }).getAttribute('href')).toBe(
      '/dashboard/products?business=3&edit=42',
    );
  });

  it('the edit address opens that product in the edit form, which Cancel closes', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/business/products/3/')
        ? jsonResponse(200, [added, sellerProduct({ id: 8, name: 'Cedar Soap' })], {
            [TOTAL_COUNT_HEADER]: '2',
          })
        : jsonResponse(404, { error: 'Not found' }),
    );
    renderSection(<ProductsSection businessId={3} />, '/dashboard/products?business=3&edit=42');
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const form = within(dialog).getByRole('form', { name: 'Edit Linen Tote' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Linen Tote');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
