import { AsyncLocalStorage } from 'node:async_hooks';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';
import { type ApiTransport, setApiTransport } from './lib/api-client';

/**
 * The server's side of the one app (decision 0044): a public page rendered to HTML with the
 * data of its first screen, the way the browser's first render would show it, and that data
 * for the browser to start from (main.tsx hydrates it instead of asking again).
 */
export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** React Query's dehydrated cache as JSON, `<` escaped: safe inside a data block. */
  state: string;
}

/**
 * The render under way's way to the API. Per render, not per process: two apps in one process
 * (the bench, the tests) each answer their own pages' requests.
 */
const renderTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const send = renderTransport.getStore();
  if (!send) return Promise.reject(new Error('The API is asked outside a server render.'));
  return send(url, init);
});

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // Only its side effect matters: every lazy part loaded.
  }
}

/**
 * Until no query is on its way: what a page's prepare starts without waiting for (the shop's
 * counts) is then in the HTML and in the state alike, never in one only.
 */
async function settled(queryClient: QueryClient): Promise<void> {
  while (queryClient.isFetching() > 0) {
    await new Promise<void>((resolve) => {
      const cache = queryClient.getQueryCache();
      const stop = cache.subscribe(() => {
        if (queryClient.isFetching() === 0) {
          stop();
          resolve();
        }
      });
      if (queryClient.isFetching() === 0) {
        stop();
        resolve();
      }
    });
  }
}

/**
 * The handed-over data without the server's clock: the browser marks it as read when it
 * hydrates (main.tsx), so the times the render read it at are of no use there — and left in,
 * they made every render of unchanged data a different page: a new ETag (no 304 across
 * renders) and its compression redone each time.
 */
function withoutClock(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0 },
    })),
  };
}

/**
 * The page at `url` (a path and query), its code loaded and its first screen's data read
 * through `send` (the server's own routes, no socket).
 */
export function renderPage(url: string, send: ApiTransport): Promise<RenderedPage> {
  return renderTransport.run(send, () => render(url));
}

async function render(url: string): Promise<RenderedPage> {
  const location = new URL(url, 'http://leafline.invalid');
  const queryClient = createQueryClient();
  try {
    await preloadRoute({ pathname: location.pathname, search: location.search }, queryClient);
    await settled(queryClient);
    const app = (
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouter location={`${location.pathname}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>
    );
    // One pass to a string: plain HTML, none of the streaming renderer's inline scripts (the
    // CSP allows no inline script). A part whose code was never loaded in this process yet
    // would be left to the browser (`<!--$!-->`): a prerender, which waits for every lazy part,
    // loads them, and the second pass has it all.
    let html = renderToString(app);
    if (html.includes('<!--$!-->')) {
      const { prelude } = await prerenderToNodeStream(app);
      await drain(prelude);
      html = renderToString(app);
    }
    const state = JSON.stringify(withoutClock(dehydrate(queryClient))).replace(/</g, '\\u003c');
    return { html, state };
  } finally {
    queryClient.clear();
  }
}
