import { apiFetch } from '@/lib/api-client';

/** Uploads can take a while on a phone's network. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Sends a multipart form (fields and files) to `path`, waiting up to two minutes. */
export function uploadForm<T>(path: string, method: 'POST' | 'PUT', form: FormData): Promise<T> {
  return apiFetch<T>(path, { method, formData: form, timeoutMs: UPLOAD_TIMEOUT_MS });
}
