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
});
