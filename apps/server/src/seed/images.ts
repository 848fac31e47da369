import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { Shape } from './data/catalog';

/**
 * Demo images drawn as SVG and rendered by sharp, with the brand's fonts (Fraunces, Inter)
 * from TTF files via Pango, so they look the same on any machine (DESIGN §4).
 */
const require = createRequire(import.meta.url);
const FRAUNCES = require.resolve(
  '@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf',
);
const INTER = require.resolve('@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf');

const escapeMarkup = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

async function text(
  value: string,
  options: {
    font: 'display' | 'body';
    size: number;
    colour: string;
    width: number;
    align?: 'centre' | 'left';
  },
): Promise<{ input: Buffer; width: number; height: number }> {
  const display = options.font === 'display';
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.colour}">${escapeMarkup(value)}</span>`,
      font: `${display ? 'Fraunces SemiBold' : 'Inter Medium'} ${options.size}`,
      fontfile: display ? FRAUNCES : INTER,
      width: options.width,
      align: options.align === 'left' ? 'left' : 'centre',
      rgba: true,
      dpi: 72,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** Simple, friendly silhouettes, drawn in a 200 × 200 box. */
const SHAPES: Record<Shape, string> = {
  shirt:
    '<path d="M70 20 L40 30 L10 60 L30 85 L45 75 L45 180 L155 180 L155 75 L170 85 L190 60 L160 30 L130 20 Q100 45 70 20 Z"/>',
  shoe: '<path d="M15 120 Q20 80 45 70 L80 60 Q95 90 120 95 L170 110 Q195 118 190 145 L190 155 L15 155 Z"/><rect x="15" y="155" width="175" height="14" rx="6" opacity="0.7"/>',
  bag: '<path d="M30 70 L170 70 L160 185 L40 185 Z"/><path d="M65 70 Q65 15 100 15 Q135 15 135 70" fill="none" stroke-width="12" stroke="currentColor"/>',
  jar: '<rect x="55" y="20" width="90" height="28" rx="6"/><path d="M50 55 L150 55 Q165 60 165 80 L165 170 Q165 185 150 185 L50 185 Q35 185 35 170 L35 80 Q35 60 50 55 Z"/>',
  bottle:
    '<rect x="82" y="10" width="36" height="30" rx="5"/><path d="M85 40 L115 40 L115 60 Q150 75 150 110 L150 178 Q150 190 138 190 L62 190 Q50 190 50 178 L50 110 Q50 75 85 60 Z"/>',
  bar: '<rect x="25" y="60" width="150" height="90" rx="28"/><ellipse cx="100" cy="105" rx="45" ry="18" opacity="0.35" fill="#ffffff"/>',
  brush:
    '<rect x="90" y="10" width="20" height="110" rx="10"/><path d="M70 120 L130 120 L125 190 L75 190 Z"/>',
  pencil:
    '<path d="M40 160 L140 20 L170 40 L70 180 L35 190 Z"/><path d="M35 190 L40 160 L70 180 Z" opacity="0.6"/>',
  candle:
    '<path d="M100 20 Q115 45 100 60 Q85 45 100 20 Z"/><rect x="97" y="58" width="6" height="22"/><path d="M45 80 L155 80 L150 180 Q148 190 138 190 L62 190 Q52 190 50 180 Z"/>',
  table:
    '<rect x="15" y="55" width="170" height="20" rx="6"/><rect x="32" y="75" width="16" height="115" rx="4"/><rect x="152" y="75" width="16" height="115" rx="4"/><rect x="48" y="130" width="104" height="10" rx="4" opacity="0.6"/>',
  leaf: '<path d="M30 170 Q30 40 170 30 Q160 170 30 170 Z"/><path d="M40 160 Q100 100 150 45" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/>',
};

export interface ProductArt {
  name: string;
  brand: string;
  shape: Shape;
  background: string;
  accent: string;
  ink: string;
  /** 0..3: which composition. */
  variant: number;
}

const SIZE = 800;

export async function productImage(art: ProductArt): Promise<Buffer> {
  const rotate = [-8, 6, 0, -14][art.variant % 4];
  const scale = [1.9, 1.6, 2.1, 1.7][art.variant % 4]!;
  const cx = [400, 420, 380, 400][art.variant % 4]!;
  const decor = [
    `<circle cx="400" cy="330" r="250" fill="${art.accent}" opacity="0.55"/>`,
    `<rect x="120" y="80" width="560" height="500" rx="60" fill="${art.accent}" opacity="0.5" transform="rotate(-6 400 330)"/>`,
    `<circle cx="250" cy="200" r="160" fill="${art.accent}" opacity="0.45"/><circle cx="560" cy="430" r="190" fill="${art.accent}" opacity="0.35"/>`,
    `<path d="M0 520 Q200 420 400 520 T800 520 L800 800 L0 800 Z" fill="${art.accent}" opacity="0.45"/><circle cx="400" cy="300" r="200" fill="${art.accent}" opacity="0.3"/>`,
  ][art.variant % 4];
  const half = 100 * scale;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <rect width="${SIZE}" height="${SIZE}" fill="${art.background}"/>
  ${decor}
  <g transform="translate(${cx - half} ${330 - half}) rotate(${rotate} ${half} ${half}) scale(${scale})" fill="${art.ink}" color="${art.ink}">${SHAPES[art.shape]}</g>
  <rect x="0" y="630" width="${SIZE}" height="170" fill="#faf7f0" opacity="0.88"/>
</svg>`;
  const [title, brand] = await Promise.all([
    text(art.name, { font: 'display', size: 44, colour: '#1f3d2b', width: 720 }),
    text(art.brand.toUpperCase(), { font: 'body', size: 20, colour: '#5b6b5f', width: 720 }),
  ]);
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: title.input,
        top: (650 + Math.max(0, (70 - title.height) / 2)) | 0,
        left: ((SIZE - title.width) / 2) | 0,
      },
      { input: brand.input, top: 748, left: ((SIZE - brand.width) / 2) | 0 },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\s&]/gu, '')
    .split(/\s+/)
    .filter((w) => w && w !== '&');
  return (
    words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? 'L').slice(0, 2)
  ).toUpperCase();
}

/** A square logo: initials on a rounded tile, with a small leaf. */
export async function logoImage(name: string, background: string, ink: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <rect width="400" height="400" rx="90" fill="${background}"/>
  <circle cx="200" cy="200" r="150" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="6"/>
  <g transform="translate(262 70) scale(0.42)" fill="${ink}" opacity="0.85">${SHAPES.leaf}</g>
</svg>`;
  const mark = await text(initials(name), { font: 'display', size: 150, colour: ink, width: 380 });
  return sharp(Buffer.from(svg))
    .composite([
      { input: mark.input, top: ((400 - mark.height) / 2) | 0, left: ((400 - mark.width) / 2) | 0 },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A wide banner: soft hills in the brand's colours and its name. */
export async function bannerImage(
  name: string,
  tagline: string,
  background: string,
  ink: string,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500">
  <rect width="1600" height="500" fill="${ink}"/>
  <path d="M0 360 Q400 250 800 340 T1600 300 L1600 500 L0 500 Z" fill="${background}" opacity="0.35"/>
  <path d="M0 420 Q500 330 1000 410 T1600 380 L1600 500 L0 500 Z" fill="${background}" opacity="0.55"/>
  <circle cx="1350" cy="130" r="70" fill="${background}" opacity="0.6"/>
</svg>`;
  const [title, line] = await Promise.all([
    text(name, { font: 'display', size: 96, colour: background, width: 1200, align: 'left' }),
    text(tagline, { font: 'body', size: 30, colour: background, width: 1100, align: 'left' }),
  ]);
  return sharp(Buffer.from(svg))
    .composite([
      { input: title.input, top: 110, left: 110 },
      { input: line.input, top: 120 + title.height + 10, left: 112 },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
}
