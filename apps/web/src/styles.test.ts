import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design tokens of styles.css (DESIGN §4) as a person meets them: the keyboard focus
 * ring must not look like the error state (issue 24 point 17), and must stand out from the
 * page's light surfaces.
 */
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');

function token(name: string): string {
  const found = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!found?.[1]) throw new Error(`no --color-${name}`);
  return found[1];
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

function hue(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('the focus ring', () => {
  const focusRule = /:focus-visible\s*\{[^}]*outline:\s*[^;]*var\(--color-([a-z0-9-]+)\)/.exec(css);

  it('is drawn in its own colour, not in the error colour or a red near it', () => {
    const ring = focusRule?.[1];
    expect(ring).toBe('focus');
    const focus = token(ring!);
    const error = token('error-fg');
    expect(focus.toLowerCase()).not.toBe(error.toLowerCase());
    const apart = Math.abs(hue(focus) - hue(error));
    expect(Math.min(apart, 360 - apart)).toBeGreaterThan(90);
  });

  it('stands out (3:1 or more) on cream, white and sand', () => {
    const focus = token('focus');
    for (const surface of [token('cream'), '#ffffff', token('sand-100')]) {
      expect(contrast(focus, surface)).toBeGreaterThanOrEqual(3);
    }
  });
});
