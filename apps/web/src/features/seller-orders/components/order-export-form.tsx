import { EXPORT_MESSAGES, EXPORT_TEXTS, orderExportQuery } from '@leafline/contract/seller-money';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import Download from 'lucide-react/icons/download';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { apiCallStream, errorMessage } from '@/lib/api-client';
import { fileName, saveFile } from '@/lib/save-file';

/** `YYYY-MM-DD` of a date, in UTC (the days the server exports by). */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The form's first range: the 1st of this month to today (UTC). */
export function defaultExportRange(now = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from: utcDay(first), to: utcDay(now) };
}

/**
 * The orders export (issue 12): two UTC days and a button that downloads the business's
 * orders between them as CSV. Dates are checked as the server checks them (the contract's
 * `orderExportQuery`) before asking; a refusal shows the server's own words.
 */
export function OrderExportForm({ businessId }: { businessId: number }) {
  const [range, setRange] = useState(defaultExportRange);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A date the contract refused, shown on its own field. */
  const [fieldError, setFieldError] = useState<{ field: 'from' | 'to'; message: string } | null>(
    null,
  );
  const abort = useRef<AbortController | null>(null);
  const id = `order-export-${businessId}`;

  // Leaving the page stops a download under way.
  useEffect(() => () => abort.current?.abort(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    const checked = orderExportQuery.safeParse(range);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path[0];
      const message = issue?.message ?? EXPORT_MESSAGES.date;
      if (field === 'from' || field === 'to') {
        setError(null);
        setFieldError({ field, message });
        document.getElementById(`${id}-${field}`)?.focus();
      } else {
        setFieldError(null);
        setError(message);
      }
      return;
    }
    setError(null);
    setFieldError(null);
    setWorking(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const response = await apiCallStream(SELLER_ROUTES.orderExport, {
        params: { businessId },
        query: checked.data,
        accept: 'text/csv',
        signal: controller.signal,
      });
      const blob = await response.blob();
      if (controller.signal.aborted) return;
      saveFile(
        blob,
        fileName(response, `leafline-orders-${businessId}-${range.from}-${range.to}.csv`),
      );
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(errorMessage(failure, EXPORT_MESSAGES.failed));
    } finally {
      if (!controller.signal.aborted) setWorking(false);
      if (abort.current === controller) abort.current = null;
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      className="flex flex-col gap-3 rounded-xl border border-sand-300 bg-white/60 p-4"
      noValidate
    >
      <div>
        <h3 id={`${id}-title`} className="font-sans text-base font-semibold text-forest-900">
          {EXPORT_TEXTS.title}
        </h3>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {EXPORT_TEXTS.hint}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            id={`${id}-${end}`}
            label={EXPORT_TEXTS[end]}
            type="date"
            required
            error={fieldError?.field === end ? fieldError.message : undefined}
            value={range[end]}
            // Each day bounds the other: the first no later than the last.
            {...(end === 'from'
              ? { max: range.to || undefined }
              : { min: range.from || undefined })}
            onChange={(e) => setRange((r) => ({ ...r, [end]: e.target.value }))}
          />
        ))}
        <Button type="submit" variant="secondary" loading={working}>
          {working ? null : <Download aria-hidden="true" className="size-4" />}
          {working ? EXPORT_TEXTS.working : EXPORT_TEXTS.download}
        </Button>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </form>
  );
}
