import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { businesses, products } from '../../db/schema/index';
import { activeProductsJoin } from '../catalog';

const STATIC_PATHS = [
  '/',
  '/shop',
  '/quiz',
  '/faqs',
  '/sustainability',
  '/our-story',
  '/partners',
  '/for-businesses',
];

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** robots.txt and sitemap.xml for search engines (DESIGN 2.12). */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.deps.config;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /account',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /dashboard',
      'Disallow: /myorders',
      'Disallow: /order-confirmation',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  const db = app.deps.db;
  /** One file holds at most this many addresses (sitemaps.org: 50,000). */
  const perFile = app.deps.config.sitemapMaxUrls;
  const openShops = () =>
    db
      .select({ id: businesses.id, updatedAt: businesses.updatedAt })
      .from(businesses)
      .where(eq(businesses.isActive, true))
      .orderBy(businesses.id);
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${xmlEscape(`${publicUrl}${path}`)}</loc>${
      lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
    }</url>`;
  const xml = (reply: FastifyReply, lines: string[]) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n'));

  /**
   * The addresses in one order — the pages, the open storefronts, then their products by id —
   * cut into files of `perFile`: file `n` (from 1) is the `n`th slice.
   */
  async function urlset(n: number): Promise<string[]> {
    const shops = await openShops();
    const fixed = [
      ...STATIC_PATHS.map((path) => entry(path)),
      ...shops.map((b) => entry(`/businessproducts/${b.id}`, b.updatedAt)),
    ];
    const from = (n - 1) * perFile;
    const head = fixed.slice(from, from + perFile);
    const items = await db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      // Products of the shop only (issue 29: not drafts, not archived).
      .innerJoin(businesses, activeProductsJoin)
      .orderBy(asc(products.id))
      .limit(perFile - head.length)
      .offset(Math.max(0, from - fixed.length));
    return [
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...head,
      ...items.map((p) => entry(`/shop/products/${p.id}`, p.updatedAt)),
      '</urlset>',
    ];
  }

  /** How many addresses there are: every page, open storefront and product of one. */
  async function addressCount(): Promise<number> {
    const [shops] = await db
      .select({ n: count() })
      .from(businesses)
      .where(eq(businesses.isActive, true));
    const [items] = await db
      .select({ n: count() })
      .from(products)
      .innerJoin(businesses, activeProductsJoin);
    return STATIC_PATHS.length + (shops?.n ?? 0) + (items?.n ?? 0);
  }

  // Every address in one file while they fit, else an index of files that list them all.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = Math.ceil((await addressCount()) / perFile);
    if (files <= 1) return xml(reply, await urlset(1));
    return xml(reply, [
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...Array.from(
        { length: files },
        (_, i) =>
          `  <sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
      ),
      '</sitemapindex>',
    ]);
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const n = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
      const files = Math.ceil((await addressCount()) / perFile);
      if (!n || Number(n) > files) return reply.status(404).send({ error: 'Not found.' });
      return xml(reply, await urlset(Number(n)));
    },
  );
}
