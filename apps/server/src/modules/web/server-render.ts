import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** How the renderer reaches the API (the web app's ApiTransport). */
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/** What the web build's entry-server.js exports (apps/web/src/entry-server.tsx). */
interface WebRenderer {
  renderPage(url: string, send: ApiTransport): Promise<{ html: string; state: string }>;
}

/** The public pages rendered on the server (decision 0044); the others stay client-rendered. */
const SERVER_RENDERED = [
  /^\/$/,
  /^\/shop\/?$/,
  /^\/shop\/products\/[^/]+\/?$/,
  /^\/businessproducts\/[^/]+\/?$/,
  /^\/(faqs|sustainability|our-story|partners|for-businesses)\/?$/,
];

export const isServerRendered = (pathname: string) =>
  SERVER_RENDERED.some((pattern) => pattern.test(pathname));

/** A page's HTML: the markup inside #root and the data it was made with. */
export type RenderPage = (url: string) => Promise<{ html: string; state: string }>;

/**
 * Loads the web build's server renderer (`vite build --ssr`, beside dist/ in dist-ssr/),
 * its API requests answered by this app's own routes through `inject`: the same handlers,
 * checks and catalogue cache as the browser's requests, with no socket. Undefined when the
 * web app was built without it.
 */
export async function loadRenderer(
  app: FastifyInstance,
  ssrDir: string,
): Promise<RenderPage | undefined> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  const send: ApiTransport = async (url, init) => {
    const target = new URL(url, 'http://leafline.invalid');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    const type = res.headers['content-type'];
    return new Response(noBody ? null : res.rawPayload, {
      status: res.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
  return (url) => renderer.renderPage(url, send);
}

/** The boot script of rendered pages and the page's own chunks it loads after the paint. */
export interface BootScript {
  /** The script's path in the build (`assets/boot-….js`). */
  src: string;
  /** The page's code chunks beyond the app's entry (`assets/….js`). */
  preload: readonly string[];
}

/**
 * The rendered page loads its code after the first paint (decision 0044): the entry script
 * gives way to the boot script, and nothing is preloaded that would share the network with
 * the page's text and first picture (the faces come after it as well).
 */
function withBootScript(html: string, boot: BootScript): string {
  const preload = boot.preload.map((file) => `/${file}`).join(' ');
  return (
    html
      .replace(
        /<script type="module" crossorigin src="[^"]*"><\/script>/,
        `<script type="module" crossorigin src="/${boot.src}" data-preload="${preload}"></script>`,
      )
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      // The faces come after the first frame too (apps/web/src/fonts.ts).
      .replace(/\s*<link rel="preload" as="font"[^>]*>/g, '')
  );
}

/**
 * index.html with the rendered markup in #root and its data in a non-executable block. The
 * resource hints React writes before the markup (the first screen's image preload, with its
 * srcset) go to the head, where the browser finds them first. With `boot`, the page's code
 * comes after its first paint.
 */
export function withRenderedPage(
  indexHtml: string,
  page: { html: string; state: string },
  boot?: BootScript,
) {
  const hints = /^(?:<link [^>]*>)+/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(hints.length);
  return (
    (boot ? withBootScript(indexHtml, boot) : indexHtml)
      .replace('</head>', hints ? `    ${hints}\n  </head>` : '</head>')
      // The page reads without JavaScript: no notice that it needs some.
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(
        '<div id="root"></div>',
        `<div id="root">${markup}</div>\n    <script type="application/json" id="leafline-state">${page.state}</script>`,
      )
  );
}
