import { type ProductImportResponse, productImportRow } from '@leafline/contract/seller-products';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import Upload from 'lucide-react/icons/upload';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { apiCall, apiCallStream, errorMessage, isApiError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { fileName, saveFile } from '@/lib/save-file';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';

const importRows = z.object({ rows: z.array(productImportRow) });

/** An import's rows and message: its answer, or its 400 with every row's errors. */
type Checked = Pick<ProductImportResponse, 'rows' | 'message'> & { ok: boolean };

/**
 * Issue 29, point 7: the products as CSV (download), and a CSV of the same columns imported —
 * checked first (every row, what it does or what is wrong), written only when nothing is.
 */
export function ProductsCsv({ businessId }: { businessId: number }) {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const response = await apiCallStream(SELLER_ROUTES.exportProducts, {
        params: { businessId },
        accept: 'text/csv',
      });
      saveFile(await response.blob(), fileName(response, `leafline-products-${businessId}.csv`));
    } catch (failure) {
      setExportError(errorMessage(failure, SELLER_PRODUCTS_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={download} disabled={exporting}>
          <Download aria-hidden="true" className="size-4" />
          {exporting ? SELLER_PRODUCTS_TEXTS.exporting : SELLER_PRODUCTS_TEXTS.exportCsv}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
          <Upload aria-hidden="true" className="size-4" />
          {SELLER_PRODUCTS_TEXTS.importCsv}
        </Button>
      </div>
      {exportError ? <Notice tone="error">{exportError}</Notice> : null}
      <ImportDialog
        businessId={businessId}
        open={importing}
        onClose={() => setImporting(false)}
        onDone={(message) => {
          setImporting(false);
          toast.success(message);
        }}
      />
    </div>
  );
}

function ImportDialog({
  businessId,
  open,
  onClose,
  onDone,
}: {
  businessId: number;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const reset = () => {
    setFile(null);
    setChecked(null);
    setError(null);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    setError(null);
    try {
      const answer = await apiCall(SELLER_ROUTES.importProducts, {
        params: { businessId },
        query: { dry_run: dryRun ? 'true' : 'false' },
        formData: form,
      });
      if (dryRun) {
        setChecked({ rows: answer.rows, message: answer.message, ok: true });
      } else {
        await catalogueChanged(queryClient, businessId);
        reset();
        onDone(answer.message);
      }
    } catch (failure) {
      const rows = isApiError(failure) ? importRows.safeParse(failure.body) : undefined;
      if (rows?.success) {
        setChecked({ rows: rows.data.rows, message: (failure as Error).message, ok: false });
      } else {
        setChecked(null);
        setError(errorMessage(failure, SELLER_PRODUCTS_TEXTS.importFailed));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={SELLER_PRODUCTS_TEXTS.importTitle}
      description={SELLER_PRODUCTS_TEXTS.importHint}
      className="sm:max-w-3xl"
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {SELLER_PRODUCTS_TEXTS.importFile}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="text-sm"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setChecked(null);
              setError(null);
            }}
          />
        </div>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {checked ? <ImportPreview checked={checked} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => send(true)} disabled={busy || !file}>
            {SELLER_PRODUCTS_TEXTS.checkFile}
          </Button>
          <Button onClick={() => send(false)} disabled={busy || !checked?.ok}>
            {SELLER_PRODUCTS_TEXTS.importRows(checked?.rows.length ?? 0)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Every row of the file: its line, SKU, name, what it does, or what is wrong with it. */
function ImportPreview({ checked }: { checked: Checked }) {
  return (
    <div className="flex flex-col gap-2">
      <p
        role="status"
        className={cx('text-sm font-medium', checked.ok ? 'text-success-fg' : 'text-error-fg')}
      >
        {checked.message}
      </p>
      <div className="max-h-72 overflow-auto rounded-xl border border-sand-300">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{SELLER_PRODUCTS_TEXTS.previewCaption}</caption>
          <thead className="bg-sand-100">
            <tr>
              <th scope="col" className="px-3 py-2">
                {SELLER_PRODUCTS_TEXTS.previewRow}
              </th>
              <th scope="col" className="px-3 py-2">
                SKU
              </th>
              <th scope="col" className="px-3 py-2">
                {SELLER_PRODUCTS_TEXTS.previewName}
              </th>
              <th scope="col" className="px-3 py-2">
                {SELLER_PRODUCTS_TEXTS.previewResult}
              </th>
            </tr>
          </thead>
          <tbody>
            {checked.rows.map((row) => (
              <tr key={row.row} className="border-t border-sand-300 align-top">
                <td className="px-3 py-2 tabular-nums">{row.row}</td>
                <td className="px-3 py-2 break-all">{row.sku}</td>
                <td className="px-3 py-2 break-words">{row.name}</td>
                <td className="px-3 py-2">
                  {row.errors.length ? (
                    <ul className="text-error-fg">
                      {row.errors.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  ) : (
                    SELLER_PRODUCTS_TEXTS.previewAction[row.action]
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
