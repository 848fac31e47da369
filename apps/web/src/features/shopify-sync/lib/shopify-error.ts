import { ApiError, errorMessage } from '@/lib/api-client';
import { SHOPIFY_SECTION_TEXTS } from './shopify-texts';

/**
 * The §8 text of a failed Shopify call: the server's reason, except for a 404 (the call may
 * not exist on this server yet, and "Not found." helps nobody), then `refused`; no answer at
 * all is 'Something went wrong.'.
 */
export function shopifyErrorText(error: unknown, refused: string): string {
  if (!(error instanceof ApiError)) return SHOPIFY_SECTION_TEXTS.somethingWentWrong;
  if (error.status === 404) return refused;
  return errorMessage(error, refused);
}
