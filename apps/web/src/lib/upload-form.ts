import type { AnyApiRoute } from '@leafline/contract/routes';
import { type ApiCallOptions, apiCall } from '@/lib/api-client';

/** Uploads can take a while on a phone's network. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Sends a multipart form (fields and files) to `route`, waiting up to two minutes. */
export function uploadForm<R extends AnyApiRoute>(route: R, options: ApiCallOptions<R>) {
  return apiCall<AnyApiRoute>(route, { ...options, timeoutMs: UPLOAD_TIMEOUT_MS }) as ReturnType<
    typeof apiCall<R>
  >;
}
