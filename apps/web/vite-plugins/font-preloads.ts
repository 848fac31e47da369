import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Preloads the font files the first screen uses (issue 28): `<link rel="preload" as="font">`
 * in index.html for each emitted .woff2 whose name starts with one of `faces` (fontsource's
 * `inter-latin-wght-normal`, hashed by the build). The other subsets and styles load only
 * when a page needs them (their unicode-range), and `font-display: swap` shows text at once.
 */
export function fontPreloads(faces: readonly string[]): Plugin {
  return {
    name: 'leafline:font-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const files = Object.keys(context.bundle ?? {}).filter((file) => {
          const name = path.basename(file);
          return name.endsWith('.woff2') && faces.some((face) => name.startsWith(`${face}-`));
        });
        if (files.length !== faces.length) {
          throw new Error(
            `font-preloads: expected one file for each of ${faces.join(', ')}, found ${files.join(', ') || 'none'}`,
          );
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
            href: `/${file}`,
          },
          injectTo: 'head',
        }));
      },
    },
  };
}
