import { BRAND_NAME } from '@leafline/contract';
import { AppError } from '../../lib/errors';
import { type CatalogDeps, getProductDetail, getPublicBusiness } from '../catalog';
import { recentReviews } from '../reviews';

/**
 * What a shared link shows before any script runs (DESIGN 2.12): the page's own title,
 * description, Open Graph tags and JSON-LD, filled into index.html by the server.
 */
export interface SharePreview {
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  image?: string;
  type: 'website' | 'product' | 'profile';
  jsonLd?: Record<string, unknown>;
  status: number;
}

const DEFAULT_DESCRIPTION =
  'Leafline is a marketplace for small, independent, eco-friendly and ethically made brands: shop them all in one cart.';

/** Pages whose preview does not depend on data (SPEC §2). */
const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': {
    title: `${BRAND_NAME} — sustainable small brands, one cart`,
    description: DEFAULT_DESCRIPTION,
  },
  '/shop': {
    title: `Shop Sustainable Brands | ${BRAND_NAME}`,
    description:
      'Search and browse products from small eco brands: apparel, shoes, home goods, skin care and more, with free shipping on orders of $75 and over.',
  },
  '/faqs': {
    title: `FAQ | ${BRAND_NAME}`,
    description:
      'How we vet brands, what makes Leafline different, affordability, returns, payments and joining as a brand.',
  },
  '/sustainability': {
    title: `Our sustainability standards | ${BRAND_NAME}`,
    description:
      'The five criteria every brand meets to sell on Leafline, starting with at least 80 % sustainable materials.',
  },
  '/our-story': {
    title: `Our story | ${BRAND_NAME}`,
    description:
      'Three university students, tired of greenwashing, built one place to shop small brands they trust.',
  },
  '/partners': {
    title: `Partners | ${BRAND_NAME}`,
    description:
      'The organisations we work with for fair trade, clean oceans, regenerative farms and more.',
  },
  '/for-businesses': {
    title: `Sell on ${BRAND_NAME}`,
    description:
      'Reach sustainability-minded shoppers: a 3 % commission, payouts at the moment of purchase, and Shopify sync.',
  },
  '/quiz': {
    title: `Which sustainable shopper are you? | ${BRAND_NAME}`,
    description:
      'Ten quick questions, six shopping personas, and products picked for the way you live.',
  },
};

/**
 * The other pages of the app (SPEC §2 route list; the account area and the dashboard with
 * whatever they nest). Any other address still gets the app, which shows its 404 page, but
 * with status 404 and its own title, so that it is not indexed as a page.
 */
const APP_PAGES = [
  /^\/(?:shop|login|logout|register|cart|checkout|myorders|registerbusiness|order-confirmation|password-reset|faqs|sustainability|our-story|partners|quiz|for-businesses)$/,
  /^\/password-reset-confirm\/[^/]+\/[^/]+$/,
  /^\/(?:account|dashboard)(?:\/.*)?$/,
];

const NOT_FOUND: { title: string; description: string } = {
  title: `Page not found | ${BRAND_NAME}`,
  description: `This page does not exist. Browse the shop or head back to the ${BRAND_NAME} home page.`,
};

const PRODUCT_PATH = /^\/shop\/products\/([^/]+)\/?$/;
const STOREFRONT_PATH = /^\/businessproducts\/([^/]+)\/?$/;

function clip(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

export async function sharePreviewFor(pathname: string, deps: CatalogDeps): Promise<SharePreview> {
  const url = `${deps.publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const absolute = (path: string | null | undefined) =>
    path ? (/^https?:\/\//.test(path) ? path : `${deps.publicUrl}${path}`) : undefined;
  const fallback = STATIC_PAGES['/']!;

  const product = PRODUCT_PATH.exec(pathname);
  if (product) {
    try {
      const p = await getProductDetail(deps, product[1]!);
      const image = absolute(p.primary_image);
      // Its buyers' ratings (issue 27): in the description and as schema.org data.
      const rated = p.rating_count > 0 && p.rating_average !== null;
      const reviews = rated ? await recentReviews(deps.db, p.id, 5) : [];
      const stars = rated
        ? `Rated ${p.rating_average!.toFixed(1)}/5 by ${p.rating_count} ${p.rating_count === 1 ? 'buyer' : 'buyers'}. `
        : '';
      return {
        title: `${p.name} — ${p.business_name} | ${BRAND_NAME}`,
        description: clip(stars + (p.description || `${p.name} from ${p.business_name}.`)),
        url,
        image,
        type: 'product',
        status: 200,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: p.name,
          description: p.description,
          ...(image ? { image } : {}),
          category: p.product_category,
          brand: { '@type': 'Brand', name: p.business_name },
          ...(rated
            ? {
                aggregateRating: {
                  '@type': 'AggregateRating',
                  ratingValue: p.rating_average,
                  reviewCount: p.rating_count,
                  bestRating: 5,
                  worstRating: 1,
                },
                review: reviews.map((r) => ({
                  '@type': 'Review',
                  reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
                  author: { '@type': 'Person', name: r.author_name },
                  ...(r.title ? { name: r.title } : {}),
                  reviewBody: r.body,
                  datePublished: r.created_at.slice(0, 10),
                })),
              }
            : {}),
          offers: {
            '@type': 'Offer',
            price: p.price,
            priceCurrency: 'USD',
            availability: p.sold_out
              ? 'https://schema.org/OutOfStock'
              : 'https://schema.org/InStock',
            itemCondition:
              p.condition === 'new'
                ? 'https://schema.org/NewCondition'
                : 'https://schema.org/UsedCondition',
            url,
          },
        },
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        ...fallback,
        title: `Product not found | ${BRAND_NAME}`,
        url,
        type: 'website',
        status: 404,
      };
    }
  }

  const storefront = STOREFRONT_PATH.exec(pathname);
  if (storefront) {
    try {
      const b = await getPublicBusiness(deps, storefront[1]!);
      const logo = absolute(b.logonew);
      const description =
        b.business_type === 'individual_seller' || b.description.startsWith('*')
          ? `${b.name}: ${b.production}`
          : b.description;
      return {
        title: `${b.name} | ${BRAND_NAME}`,
        description: clip(description || `${b.name} on ${BRAND_NAME}.`),
        url,
        image: absolute(b.banner) ?? logo,
        type: 'profile',
        status: 200,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: b.name,
          description: b.description,
          url,
          ...(logo ? { logo } : {}),
          ...(b.email ? { email: b.email } : {}),
          ...(b.website ? { sameAs: [b.website] } : {}),
        },
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        ...fallback,
        title: `Business not found | ${BRAND_NAME}`,
        url,
        type: 'website',
        status: 404,
      };
    }
  }

  const path = pathname.replace(/\/+$/, '') || '/';
  const page = STATIC_PAGES[path];
  if (page) return { ...page, url, type: 'website', status: 200 };
  if (APP_PAGES.some((pattern) => pattern.test(path))) {
    return { ...fallback, url, type: 'website', status: 200 };
  }
  return { ...NOT_FOUND, url, type: 'website', status: 404 };
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the page's title, description, share tags and JSON-LD in its head. */
export function renderIndexHtml(indexHtml: string, preview: SharePreview): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeAttr(preview.url)}" />`,
    meta('property', 'og:site_name', BRAND_NAME),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image)] : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.jsonLd
      ? [
          // A data block, not a script: the CSP does not apply, and `<` is escaped so the
          // content can never close the element.
          `<script type="application/ld+json">${JSON.stringify(preview.jsonLd).replace(/</g, '\\u003c')}</script>`,
        ]
      : []),
  ];
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeAttr(preview.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      meta('name', 'description', preview.description),
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
