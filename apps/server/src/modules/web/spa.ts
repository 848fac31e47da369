import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { encodedText, pickEncoding } from '../../lib/compression';
import { isServerRendered, loadRenderer, withRenderedPage } from './server-render';
import { renderIndexHtml, sharePreviewFor } from './share-previews';

const NOT_PAGES = /^\/(api|media|assets|docs)(\/|$)/;
const HAS_EXTENSION = /\.[a-z0-9]{2,5}$/i;

interface RoutePreload {
  pattern: RegExp;
  files: string[];
  links: string;
}

interface RoutePreloadsFile {
  routes?: Array<{ path: string; files: string[] }>;
  boot?: string;
}

function readRoutePreloadsFile(distDir: string): RoutePreloadsFile {
  const file = path.join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreloadsFile;
}

/**
 * The web build's route-preloads.json (written by `vite build`): for the pages people arrive
 * on, the code chunks beyond index.html's own. Route paths as the router writes them
 * (`/shop/products/:productId`), a trailing slash allowed.
 */
function readRoutePreloads(parsed: RoutePreloadsFile): RoutePreload[] {
  return (parsed.routes ?? []).map((route) => {
    const source = route.path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return {
      pattern: new RegExp(`^${source.replace(/\/$/, '')}/?$`),
      files: route.files,
      links: route.files
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    '),
    };
  });
}

/** index.html with the page's own code preloaded next to the entry's. */
function withRoutePreloads(html: string, pathname: string, preloads: RoutePreload[]): string {
  const route = preloads.find(({ pattern }) => pattern.test(pathname));
  return route?.links ? html.replace('</head>', `    ${route.links}\n  </head>`) : html;
}

/**
 * Serves the built web app: its files (hashed assets under /assets/ with long cache
 * headers, as the .br or .gz the build wrote beside them when the browser takes it), and
 * index.html for every other GET that matches no API route (DESIGN 2.1).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // `vite build` writes file.br and file.gz beside each text asset.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const preloadsFile = built ? readRoutePreloadsFile(distDir) : {};
  const routePreloads = readRoutePreloads(preloadsFile);
  const bootScript = preloadsFile.boot;
  const renderPage =
    built && app.deps.config.serverRender
      ? await loadRenderer(app, path.join(path.dirname(distDir), 'dist-ssr'))
      : undefined;
  let indexHtml: string | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_PAGES.test(pathname) &&
      !HAS_EXTENSION.test(pathname);
    if (!isPage) return reply.status(404).send({ error: 'Not found.' });
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    indexHtml ??= readFileSync(indexFile, 'utf8');
    const template = indexHtml;
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // An undecodable address still gets the app, with the default preview.
    }
    /** The page: its share preview, and its first screen when the server renders it. */
    const buildPage = async (render: boolean) => {
      const preview = await sharePreviewFor(decoded, {
        db: app.deps.db,
        publicUrl: app.deps.config.publicUrl,
      });
      let html = renderIndexHtml(template, preview);
      let rendered = false;
      if (render && renderPage && preview.status === 200) {
        try {
          const route = routePreloads.find(({ pattern }) => pattern.test(decoded));
          const boot = bootScript ? { src: bootScript, preload: route?.files ?? [] } : undefined;
          html = withRenderedPage(html, await renderPage(request.url), boot);
          rendered = true;
        } catch (error) {
          // The browser renders the page itself, as it did before the server could.
          request.log.error({ err: error }, 'server render failed');
        }
      }
      return {
        status: preview.status,
        // A rendered page names its code in the boot script's tag (loaded after the paint).
        html: rendered && bootScript ? html : withRoutePreloads(html, decoded, routePreloads),
        rendered,
      };
    };
    // A rendered page is the same for everyone (no session on the server): kept until the
    // catalogue changes, on every instance, like the catalogue's answers.
    let fresh: Awaited<ReturnType<typeof buildPage>> | undefined;
    const cached =
      renderPage && isServerRendered(pathname)
        ? await app.pageCache.remember(request.url, async () => {
            fresh = await buildPage(true);
            return fresh.status === 200 && fresh.rendered ? fresh.html : undefined;
          })
        : undefined;
    const page =
      cached !== undefined ? { status: 200, html: cached } : (fresh ?? (await buildPage(false)));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const { etag, data } = encodedText(page.html, encoding);
    reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    if (page.status === 200 && request.headers['if-none-match'] === etag) {
      return reply.status(304).send();
    }
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(data);
  });
}
