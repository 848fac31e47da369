import { describe, expect, it } from 'vitest';
import { isServerRendered, withRenderedPage } from './server-render';

describe('the server-rendered pages (decision 0044)', () => {
  it('are the public ones: home, shop, product, storefront and the content pages', () => {
    for (const path of [
      '/',
      '/shop',
      '/shop/',
      '/shop/products/12',
      '/businessproducts/3',
      '/faqs',
      '/our-story',
      '/sustainability',
      '/partners',
      '/for-businesses',
    ]) {
      expect(isServerRendered(path), path).toBe(true);
    }
    for (const path of [
      '/cart',
      '/checkout',
      '/login',
      '/myorders',
      '/dashboard',
      '/account/orders',
      '/quiz',
    ]) {
      expect(isServerRendered(path), path).toBe(false);
    }
  });

  it('puts the markup in #root, its data in a data block, and React’s hints in the head', () => {
    const index =
      '<html><head><title>x</title></head><body><div id="root"></div><noscript>Needs JavaScript.</noscript><script type="module" src="/a.js"></script></body></html>';
    const html = withRenderedPage(index, {
      html: '<link rel="preload" as="image" imageSrcSet="/m/a-320.webp 320w"/><div class="app">Mug</div>',
      state: '{"queries":[{"name":"\\u003c/script>"}]}',
    });
    expect(html).toContain(
      '<link rel="preload" as="image" imageSrcSet="/m/a-320.webp 320w"/>\n  </head>',
    );
    expect(html).toContain('<div id="root"><div class="app">Mug</div></div>');
    expect(html).toContain(
      '<script type="application/json" id="leafline-state">{"queries":[{"name":"\\u003c/script>"}]}</script>',
    );
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('noscript');
  });

  it('gives a rendered page the boot script in place of the entry, with no code or font preloaded', () => {
    const index = [
      '<html><head><title>x</title>',
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/main-c3.css">',
      '<link rel="preload" as="font" type="font/woff2" crossorigin="" href="/assets/inter.woff2">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const html = withRenderedPage(
      index,
      { html: '<main>Mug</main>', state: '{}' },
      { src: 'assets/boot-d4.js', preload: ['assets/product-page-e5.js', 'assets/form-f6.js'] },
    );
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/boot-d4.js" data-preload="/assets/product-page-e5.js /assets/form-f6.js"></script>',
    );
    expect(html).not.toContain('index-a1.js');
    expect(html).not.toContain('modulepreload');
    // The stylesheet stays; the faces come after the first frame (their fallbacks meanwhile).
    expect(html).toContain('main-c3.css');
    expect(html).not.toContain('inter.woff2');
    expect(html).toContain('<div id="root"><main>Mug</main></div>');
  });
});
