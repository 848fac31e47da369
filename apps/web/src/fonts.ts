import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import { STORAGE_KEYS } from '@leafline/contract/constants';

/**
 * The app's two faces (DESIGN §4), a stylesheet of their own (decision 0044): a page the
 * server rendered paints first with their metric-matched fallbacks (styles.css) and asks for
 * them after its first frame, so their 87 KB do not stand between a phone and the first
 * screen; a browser that has had them once (noted here) asks for them at once, from its cache.
 */
if (typeof document !== 'undefined' && 'fonts' in document) {
  void Promise.all([
    document.fonts.load('400 1em "Inter Variable"'),
    document.fonts.load('600 1em "Fraunces Variable"'),
  ]).then(
    () => {
      try {
        window.localStorage.setItem(STORAGE_KEYS.fontsCached, '1');
      } catch {
        // Storage refused (private mode, quota): the next page asks after its first frame.
      }
    },
    () => {},
  );
}
