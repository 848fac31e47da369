import { INPUT_MESSAGES } from '@leafline/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors';

/**
 * Reads a whole multipart form (the seller's uploads: SPEC §7 registerbiz, business edit, the
 * product form) into memory, with limits, before anything is decoded or written: text fields
 * by their exact names (`variants[1].option1`), files by their exact names
 * (`images[0].image`). Nothing is stored here, so a form refused for any reason leaves nothing
 * behind. The per-file size and the plugin's count of files are the multipart plugin's limits
 * (registered in app.ts with these constants, answered with these texts by the error handler);
 * the per-request total and a route's own count of files are checked here.
 */

export const MAX_FORM_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FORM_TOTAL_BYTES = 40 * 1024 * 1024;
export const MAX_FORM_FILES = 40;

export const MULTIPART_MESSAGES = {
  fileTooLarge: 'A file is too large (at most 10 MB each).',
  totalTooLarge: 'The files are too large together (at most 40 MB in one request).',
  tooManyFiles: `Too many files in one request (at most ${MAX_FORM_FILES}).`,
  notMultipart: 'A multipart form was expected.',
  unreadable: 'The form could not be read. Please send it again.',
} as const;

export interface FormFile {
  /** The field name, exactly as sent. */
  field: string;
  /** As the browser named it; only for messages, never trusted. */
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields by name; a name sent twice keeps its last value. */
  fields: Map<string, string>;
  /** Files by field name; empty file inputs (no bytes, no name) are left out. */
  files: Map<string, FormFile>;
}

/**
 * A field name as a message may show it: control characters (a NUL, a newline) written as
 * `\\uXXXX`, and at most 100 characters.
 */
export function shownFieldName(field: string): string {
  let shown = '';
  for (const c of field) {
    const code = c.charCodeAt(0);
    const control =
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    shown += control ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }
  return shown.length > 100 ? `${shown.slice(0, 99)}…` : shown;
}

/**
 * Refuses a form that carries a file under a field name it does not read (`foo`,
 * `__proto__[0].image`, a name with a NUL): a 400 naming the field, rather than the rest saved
 * and the picture silently dropped. `read`: the file fields the form's own reader took, so
 * that a new file field is declared once, where the form reads it.
 */
export function refuseUnreadFiles(
  form: MultipartForm,
  read: ReadonlySet<string> | readonly string[],
): void {
  const known = read instanceof Set ? read : new Set(read);
  for (const field of form.files.keys()) {
    if (known.has(field)) continue;
    const shown = shownFieldName(field);
    throw fieldError(shown, INPUT_MESSAGES.unknownFileField(shown));
  }
}

const hasStatus = (error: unknown) =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

export async function readMultipartForm(
  request: FastifyRequest,
  limits: { maxFiles?: number } = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, MULTIPART_MESSAGES.notMultipart);
  const maxFiles = limits.maxFiles ?? MAX_FORM_FILES;
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  let total = 0;
  try {
    // The per-file size is the plugin's limit (app.ts registers it with MAX_FORM_FILE_BYTES).
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // As `refuseNulCharacters` does for JSON: PostgreSQL text cannot hold NUL, and no person
        // types it; refused before any file of the form is decoded or stored.
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) {
          throw fieldError(part.fieldname, INPUT_MESSAGES.nulCharacter);
        }
        fields.set(part.fieldname, value);
        continue;
      }
      // Over MAX_FORM_FILE_BYTES this throws FST_REQ_FILE_TOO_LARGE: the error handler's 413.
      const data = await part.toBuffer();
      if (data.length === 0 && !part.filename) continue;
      total += data.length;
      if (total > MAX_FORM_TOTAL_BYTES) throw new AppError(413, MULTIPART_MESSAGES.totalTooLarge);
      files.set(part.fieldname, { field: part.fieldname, filename: part.filename, data });
      if (files.size > maxFiles) throw new AppError(413, MULTIPART_MESSAGES.tooManyFiles);
    }
  } catch (error) {
    // Limits (413) and refusals of this module keep their status and text; the parser's own
    // errors (no boundary, a boundary over 256 characters, data cut short) carry none and
    // would be 500s: the form as sent cannot be read.
    if (error instanceof AppError || hasStatus(error)) throw error;
    throw new AppError(400, MULTIPART_MESSAGES.unreadable);
  }
  return { fields, files };
}
