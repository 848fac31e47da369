import { BRAND_NAME } from '@leafline/contract/constants';
import { useEffect } from 'react';

/** Sets the tab title: 'Login · Leafline'; the brand alone when no title is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
