/**
 * The script of a server-rendered page (decision 0044): the page is on screen first, its
 * code comes after. The HTML names only this small file, so the first paint waits for no
 * script and the page's text and picture do not share the network with the app's code;
 * once the first frame is painted, this fetches the app (and the page's own chunks, named
 * by the server in `data-preload`) and hydrates. Input made meanwhile is kept and replayed
 * (`lib/early-input`).
 */
import { STORAGE_KEYS } from '@leafline/contract/constants';
import { watchEarlyInput } from './lib/early-input';

/** How long the app waits for a first frame before it loads without one. */
const NO_FRAME_MS = 1000;

const root = document.getElementById('root');
if (root) watchEarlyInput(root);

/**
 * The faces (./fonts): at once when this browser has had them (its cache has them), else
 * after the first frame — the page paints with their metric-matched fallbacks meanwhile.
 */
let fontsAsked = false;
function loadFonts() {
  if (fontsAsked) return;
  fontsAsked = true;
  void import('./fonts');
}
try {
  if (window.localStorage.getItem(STORAGE_KEYS.fontsCached)) loadFonts();
} catch {
  // Storage refused: the faces come after the first frame.
}

let started = false;
function loadApp() {
  if (started) return;
  started = true;
  loadFonts();
  const script = document.querySelector<HTMLScriptElement>('script[data-preload]');
  for (const href of (script?.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./main');
}

// After the first frame: a task queued from the frame's callback runs once it is painted. A
// window that paints no frames (a tab opened behind, a window hidden by another) gets no
// frame callback: after a second the app loads anyway.
requestAnimationFrame(() => setTimeout(loadApp, 0));
setTimeout(loadApp, NO_FRAME_MS);
