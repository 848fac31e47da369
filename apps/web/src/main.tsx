import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';
import { earlyInput, watchEarlyInput } from './lib/early-input';
import { hasFilterParams } from './lib/shop-address';
import { readStorage, STORAGE_KEYS } from './lib/storage';

/**
 * How long the first render waits for the page's code and first-screen data. Both are on
 * their way at once (index.html preloads the code), so usually the first paint is the
 * finished page; a slow answer shows the page with skeletons instead.
 */
const FIRST_RENDER_WAIT_MS = 1000;

// Zod compiles its checks with `new Function` when it may, and its probe for that is a
// violation of the CSP (no eval) that the browser reports, though caught: the app's checks
// run without it. Zod keeps its settings on globalThis (zod/v4/core's `config`), set here
// before the lazily loaded forms bring Zod in (importing `config` would put Zod in the first
// load); the browser test of the CSP fails if Zod probes again.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;

// The faces, a stylesheet of their own (./fonts): already asked for by the boot script of a
// server-rendered page; the pages the browser renders ask now (index.html preloads the files).
void import('./fonts');

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');
const container = root;

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

/** The data a server-rendered page was rendered with (decision 0044), when it was. */
function serverState(): DehydratedState | undefined {
  const block = document.getElementById('leafline-state');
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server's page is the one this browser shows. The shop without filters in its
 * address shows the shopper's saved filters (SPEC §3), which the server cannot know: with some
 * saved, the browser renders the shop itself.
 */
function serverPageFits(): boolean {
  const { pathname, search } = window.location;
  if (!/^\/shop\/?$/.test(pathname)) return true;
  return (
    hasFilterParams(new URLSearchParams(search)) ||
    readStorage(STORAGE_KEYS.shopFiltersCache) === null
  );
}

const state = serverState();
if (state) {
  // The server's HTML is current (its cache is cleared on every catalogue change): its data
  // counts as read now, so nothing the page shows is asked for again.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}
if (state && serverPageFits()) {
  // Hydrated once the page's code is here (the boot script preloaded it with the app), so
  // the whole page hydrates in one pass: a part left waiting for its code would be rendered
  // anew, not hydrated, if the signed-in header updated first. Input made until React
  // listens (kept since the boot script ran), or that React drops, is replayed on the page.
  const watch = earlyInput() ?? watchEarlyInput(container);
  const pageCode = preloadRoute(window.location, queryClient, { data: false });
  const hydratePage = () => {
    watch.reactListens(pageCode);
    // In a transition: hydration runs in short slices, the main thread free for input.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  };
  pageCode.then(hydratePage, hydratePage);
} else {
  // The server's HTML is replaced, not hydrated: nothing made on it can be replayed.
  earlyInput()?.stop();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void Promise.race([preloadRoute(window.location, queryClient), timeout]).then(() => {
    // A transition: React renders the page in short slices, keeping the main thread free for
    // input instead of blocking it for the whole first render.
    startTransition(() => {
      createRoot(container).render(app);
    });
  });
}
