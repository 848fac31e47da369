import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * CSV as RFC 4180 writes it, for the files the dashboard downloads (the orders export, the
 * payout statement, the products): a UTF-8 BOM (so spreadsheet programs read it as UTF-8),
 * CRLF line ends, and text that looks like a formula written as text.
 */
export const CSV_BOM = '\uFEFF';

export const CRLF = '\r\n';

/** First characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field holding any of these is quoted (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. A text cell (anything a person typed: names, products, addresses, tracking) that
 * starts like a formula gets a leading `'`, so `=HYPERLINK(…)` is shown, never run. Then a field
 * holding a comma, quote, CR or LF is quoted, its quotes doubled.
 */
export function csvField(value: string, kind: 'text' | 'value' = 'text'): string {
  const safe = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly string[]): string {
  return fields.join(',') + CRLF;
}

/** A CSV download: its type, name, and no caching. */
export function sendCsvFile(reply: FastifyReply, fileName: string, body: string | Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * A cell read back from a file this app wrote: the `'` put before formula-looking text comes
 * off again, so an export imported as it is changes nothing.
 */
export const csvTextBack = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
