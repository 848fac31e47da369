import { PRODUCT_IMPORT_MESSAGES, PRODUCT_MESSAGES } from '@leafline/contract/seller-products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderSection } from '@/test/seller-fixtures';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';
import { ProductsCsv } from './products-csv';

afterEach(() => vi.unstubAllGlobals());

const csv = new File(['product_id,sku\r\n'], 'products.csv', { type: 'text/csv' });

const row = (n: number, sku: string, errors: string[] = []) => ({
  row: n,
  sku,
  name: `Product ${sku}`,
  action: 'create' as const,
  errors,
});

function openImport() {
  fireEvent.click(screen.getByRole('button', { name: 'Import CSV…' }));
  const dialog = within(screen.getByRole('dialog', { name: SELLER_PRODUCTS_TEXTS.importTitle }));
  fireEvent.change(dialog.getByLabelText('CSV file'), { target: { files: [csv] } });
  return dialog;
}

describe('ProductsCsv (issue 29, point 7)', () => {
  it('shows each row’s errors from the check and offers no import until the file is right', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(400, {
        error: PRODUCT_IMPORT_MESSAGES.hasErrors(1),
        rows: [row(2, 'A-1'), row(3, 'B-2', [PRODUCT_MESSAGES.price])],
      }),
    );
    renderSection(<ProductsCsv businessId={3} />);
    const dialog = openImport();
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    expect(await dialog.findByText(PRODUCT_IMPORT_MESSAGES.hasErrors(1))).toBeTruthy();
    const table = dialog.getByRole('table', { name: SELLER_PRODUCTS_TEXTS.previewCaption });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(cells).toEqual([
      ['2', 'A-1', 'Product A-1', 'Creates it'],
      ['3', 'B-2', 'Product B-2', PRODUCT_MESSAGES.price],
    ]);
    expect(
      (dialog.getByRole('button', { name: 'Import 2 rows' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls[0]!.url).toBe('/api/business/products/3/import/?dry_run=true');
    expect(calls[0]!.body).toBeInstanceOf(FormData);
  });

  it('imports a file the check found right, then says what it did', async () => {
    const { calls } = mockFetch((call) =>
      call.url.endsWith('dry_run=true')
        ? jsonResponse(200, {
            message: PRODUCT_IMPORT_MESSAGES.preview(1, 0),
            dry_run: true,
            created: 1,
            updated: 0,
            rows: [row(2, 'A-1')],
          })
        : jsonResponse(200, {
            message: PRODUCT_IMPORT_MESSAGES.imported(1, 0),
            dry_run: false,
            created: 1,
            updated: 0,
            rows: [row(2, 'A-1')],
          }),
    );
    renderSection(<ProductsCsv businessId={3} />);
    const dialog = openImport();
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    expect(await dialog.findByText(PRODUCT_IMPORT_MESSAGES.preview(1, 0))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByText(PRODUCT_IMPORT_MESSAGES.imported(1, 0))).toBeTruthy();
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/business/products/3/import/?dry_run=false',
      ),
    );
  });
});
