import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businesses, products } from '../../db/schema/index';

/** One sitemap file holds at most 50,000 addresses (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;
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

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const db = app.deps.db;
    const shops = await db
      .select({ id: businesses.id, updatedAt: businesses.updatedAt })
      .from(businesses)
      .where(eq(businesses.isActive, true))
      .orderBy(businesses.id);
    const room = SITEMAP_MAX_URLS - STATIC_PATHS.length - shops.length;
    const items = await db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.businessId))
      .where(and(eq(businesses.isActive, true)))
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(Math.max(0, room));
    const entry = (path: string, lastmod?: Date) =>
      `  <url><loc>${xmlEscape(`${publicUrl}${path}`)}</loc>${
        lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
      }</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...STATIC_PATHS.map((path) => entry(path)),
      ...shops.map((b) => entry(`/businessproducts/${b.id}`, b.updatedAt)),
      ...items.map((p) => entry(`/shop/products/${p.id}`, p.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });
}
