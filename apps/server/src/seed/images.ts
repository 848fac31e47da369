import type { ProductCategory } from '@leafline/contract';
import sharp, { type OverlayOptions } from 'sharp';
import type { RawImage } from '../modules/media';
import { brandText as text } from '../modules/media';
import { SHAPES, type Shape } from './shapes';

/**
 * Demo images (DESIGN §4): shapes drawn as SVG and rendered by sharp. Logos, banners and
 * partner cards add text rendered in the brand's own fonts (media/brand-text.ts), composited on
 * top, so they look the same on a machine without any system fonts; product pictures have
 * none. Each function returns raw pixels for the image pipeline, which encodes the WebP widths.
 */
export const PALETTE = {
  forest: '#1f3d2b',
  sage: '#9caf88',
  sand: '#e9dfcc',
  clay: '#c0714f',
  offWhite: '#f7f3ec',
  ink: '#1f2a22',
};

// ---------------------------------------------------------------------------------------
// Colour and text helpers

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour toward black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return `#${rgb(hex)
    .map((c) =>
      Math.round(c + (target - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const isDark = (hex: string) => luminance(hex) < 0.22;
/** Readable text on a background: deep green on light colours, off-white on dark ones. */
const textOn = (background: string) => (isDark(background) ? PALETTE.offWhite : PALETTE.forest);

async function render(svg: string, overlays: OverlayOptions[]): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg))
    .composite(overlays)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

const centre = (outer: number, inner: number) => Math.max(0, Math.round((outer - inner) / 2));

function drawShape(shape: Shape, colour: string): string {
  const light = isDark(colour) ? shade(colour, 0.55) : shade(colour, 0.6);
  return SHAPES[shape]({ m: colour, d: shade(colour, isDark(colour) ? 0.25 : -0.3), l: light });
}

/** A small leaf sprig, used as decoration (drawn in a 100 × 100 box). */
const sprig = (fill: string) =>
  `<path d="M50 96 Q48 50 60 6" fill="none" stroke="${fill}" stroke-width="3"/>
   <path d="M52 70 Q20 66 14 40 Q44 40 52 70 Z M55 48 Q86 44 90 18 Q62 20 55 48 Z M50 88 Q80 86 86 62 Q58 62 50 88 Z" fill="${fill}"/>`;

// ---------------------------------------------------------------------------------------
// Product images

/**
 * Product pictures carry no text: the shop writes the name and brand under them, and at cart
 * and order size (80 px) lettering is only a smudge. They differ by the product's shape and
 * colour, one of four compositions, and a small motif of the product's category.
 */
export interface ProductArt {
  category: ProductCategory;
  shape: Shape;
  /** The product's own colour. */
  colour: string;
  /** A soft background colour. */
  background: string;
  /** A mid-tone used for shapes behind the product. */
  accent: string;
  /** 0..3: which composition. */
  composition: number;
}

/** A category's motif in a 100 × 100 box, scattered lightly behind the product. */
const MOTIFS: Record<ProductCategory, (fill: string) => string> = {
  // A sewn button and a line of stitches.
  Apparel: (f) =>
    `<circle cx="50" cy="50" r="30" fill="${f}"/>${[
      [40, 40],
      [60, 40],
      [40, 60],
      [60, 60],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#fff" opacity="0.7"/>`)
      .join('')}<path d="M6 92 L94 92" stroke="${f}" stroke-width="5" stroke-dasharray="10 8"/>`,
  // Footsteps.
  Shoes: (f) =>
    `<ellipse cx="34" cy="62" rx="13" ry="24" fill="${f}" transform="rotate(-12 34 62)"/>
     <ellipse cx="68" cy="34" rx="13" ry="24" fill="${f}" transform="rotate(14 68 34)"/>`,
  // A four-pointed sparkle and a small one.
  Accessories: (f) =>
    `<path d="M44 8 Q48 40 80 44 Q48 48 44 80 Q40 48 8 44 Q40 40 44 8 Z" fill="${f}"/>
     <path d="M80 66 Q82 80 94 82 Q82 84 80 96 Q78 84 66 82 Q78 80 80 66 Z" fill="${f}"/>`,
  'Home Goods': (f) => sprig(f),
  // A five-petal blossom.
  'Cosmetics / Skin Care': (f) =>
    `${[0, 72, 144, 216, 288].map((r) => `<ellipse cx="50" cy="28" rx="13" ry="22" fill="${f}" transform="rotate(${r} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="10" fill="#fff" opacity="0.6"/>`,
  // Water drops.
  Hygiene: (f) =>
    `<path d="M40 10 Q66 44 66 58 A26 26 0 0 1 14 58 Q14 44 40 10 Z" fill="${f}"/>
     <path d="M78 52 Q92 70 92 78 A14 14 0 0 1 64 78 Q64 70 78 52 Z" fill="${f}"/>`,
  // Soap bubbles.
  'Cleaning Products': (f) =>
    `<circle cx="40" cy="56" r="30" fill="none" stroke="${f}" stroke-width="6"/>
     <circle cx="78" cy="24" r="14" fill="none" stroke="${f}" stroke-width="5"/>
     <path d="M26 44 A16 16 0 0 1 40 36" fill="none" stroke="${f}" stroke-width="5" stroke-linecap="round"/>`,
  // A brush stroke and paint dots.
  'Art Supplies': (f) =>
    `<path d="M8 70 Q30 30 56 52 T94 30" fill="none" stroke="${f}" stroke-width="12" stroke-linecap="round"/>
     <circle cx="24" cy="24" r="9" fill="${f}"/><circle cx="74" cy="80" r="7" fill="${f}"/>`,
};

/** Where a composition scatters its motifs: centre x, y, size (px) and turn (degrees). */
const MOTIF_SPOTS: [number, number, number, number][][] = [
  [
    [112, 118, 92, -14],
    [690, 150, 70, 18],
    [640, 716, 80, 8],
  ],
  [
    [660, 140, 84, 12],
    [140, 660, 96, -18],
    [722, 420, 52, 30],
  ],
  [
    [92, 96, 80, -10],
    [712, 120, 64, 16],
    [96, 720, 64, 22],
    [708, 712, 84, -8],
  ],
  [
    [110, 120, 96, 10],
    [130, 690, 74, -20],
  ],
];

function motifs(art: ProductArt, fill: string, opacity: number): string {
  const draw = MOTIFS[art.category];
  return (MOTIF_SPOTS[art.composition % 4] ?? [])
    .map(
      ([x, y, size, turn]) =>
        `<g transform="translate(${x - size / 2} ${y - size / 2}) rotate(${turn} ${size / 2} ${size / 2}) scale(${size / 100})" opacity="${opacity}">${draw(fill)}</g>`,
    )
    .join('');
}

export const PRODUCT_IMAGE_SIZE = 800;

export async function productImage(art: ProductArt): Promise<RawImage> {
  const S = PRODUCT_IMAGE_SIZE;
  const shape = drawShape(art.shape, art.colour);
  const place = (cx: number, cy: number, scale: number, rotate = 0) =>
    `<g transform="translate(${cx - 100 * scale} ${cy - 100 * scale}) rotate(${rotate} ${100 * scale} ${100 * scale}) scale(${scale})">${shape}</g>`;
  const shadow = (cx: number, cy: number, rx: number) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.14}" fill="#000" opacity="0.10"/>`;
  const deep = shade(art.accent, -0.25);
  let body: string;
  switch (art.composition % 4) {
    case 0:
      // Studio shot: the product on a soft disc, standing on a paper floor.
      body = `<rect width="${S}" height="${S}" fill="${art.background}"/>
        <rect y="610" width="${S}" height="190" fill="${shade(art.background, 0.45)}"/>
        ${motifs(art, deep, 0.35)}
        <circle cx="400" cy="370" r="280" fill="${art.accent}" opacity="0.55"/>
        ${shadow(400, 630, 210)}
        ${place(400, 380, 2.5)}`;
      break;
    case 1:
      // Flat lay: the product tilted among its category's motifs.
      body = `<rect width="${S}" height="${S}" fill="${shade(art.accent, 0.55)}"/>
        ${motifs(art, deep, 0.45)}
        <circle cx="660" cy="640" r="70" fill="${art.background}" opacity="0.8"/>
        <circle cx="150" cy="170" r="46" fill="${art.background}" opacity="0.8"/>
        ${place(400, 400, 2.8, -9)}`;
      break;
    case 2:
      // Arch: the product framed in an arch window on a plain wall.
      body = `<rect width="${S}" height="${S}" fill="${PALETTE.offWhite}"/>
        ${motifs(art, art.accent, 0.5)}
        <path d="M150 720 L150 320 A250 250 0 0 1 650 320 L650 720 Z" fill="${art.background}"/>
        <path d="M192 720 L192 330 A208 208 0 0 1 608 330 L608 720" fill="none" stroke="${art.accent}" stroke-width="6" opacity="0.7"/>
        <rect y="720" width="${S}" height="80" fill="${shade(art.background, -0.08)}"/>
        ${shadow(400, 680, 170)}
        ${place(400, 470, 2.05)}`;
      break;
    default:
      // Detail: a close crop of the product on its colour field.
      body = `<rect width="${S}" height="${S}" fill="${art.background}"/>
        <circle cx="620" cy="180" r="300" fill="${art.accent}" opacity="0.35"/>
        ${motifs(art, deep, 0.4)}
        ${place(470, 470, 4.1, 6)}`;
  }
  return render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">${body}</svg>`,
    [],
  );
}

// ---------------------------------------------------------------------------------------
// Logos, banners and partner logos

export type Mark = 'leaf' | 'sprout' | 'sun' | 'wave' | 'drop' | 'mountain' | 'flower' | 'moon';

/** A brand mark in a 100 × 100 box. */
function mark(kind: Mark, fill: string, cut: string): string {
  switch (kind) {
    case 'leaf':
      return `<path d="M14 86 Q14 20 86 14 Q82 86 14 86 Z" fill="${fill}"/><path d="M20 80 Q50 50 76 22" fill="none" stroke="${cut}" stroke-width="4"/>`;
    case 'sprout':
      return `<path d="M50 94 L50 46" stroke="${fill}" stroke-width="7"/><path d="M50 54 Q16 56 8 22 Q44 18 50 54 Z M50 46 Q58 10 92 8 Q90 42 50 46 Z" fill="${fill}"/>`;
    case 'sun':
      return `<circle cx="50" cy="50" r="24" fill="${fill}"/>${Array.from(
        { length: 12 },
        (_, i) => {
          const a = (i * Math.PI) / 6;
          return `<path d="M${(50 + Math.cos(a) * 32).toFixed(1)} ${(50 + Math.sin(a) * 32).toFixed(1)} L${(50 + Math.cos(a) * 46).toFixed(1)} ${(50 + Math.sin(a) * 46).toFixed(1)}" stroke="${fill}" stroke-width="6" stroke-linecap="round"/>`;
        },
      ).join('')}`;
    case 'wave':
      return `<circle cx="50" cy="50" r="44" fill="${fill}"/><path d="M10 56 Q30 38 50 56 T90 56 M14 72 Q32 56 50 72 T86 72" fill="none" stroke="${cut}" stroke-width="6"/>`;
    case 'drop':
      return `<path d="M50 6 Q84 50 84 64 A34 34 0 0 1 16 64 Q16 50 50 6 Z" fill="${fill}"/><path d="M34 66 A16 16 0 0 0 50 82" fill="none" stroke="${cut}" stroke-width="5"/>`;
    case 'mountain':
      return `<path d="M4 88 L38 28 L56 58 L68 40 L96 88 Z" fill="${fill}"/><path d="M30 42 L38 28 L46 42 L38 38 Z" fill="${cut}"/><circle cx="76" cy="20" r="9" fill="${fill}"/>`;
    case 'flower':
      return `${[0, 72, 144, 216, 288].map((r) => `<ellipse cx="50" cy="26" rx="14" ry="24" fill="${fill}" transform="rotate(${r} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="12" fill="${cut}"/>`;
    default:
      return `<path d="M64 8 A44 44 0 1 0 92 66 A34 34 0 1 1 64 8 Z" fill="${fill}"/>`;
  }
}

export interface BrandArt {
  name: string;
  mark: Mark;
  /** Tile colour. */
  background: string;
  /** A second colour for the mark. */
  accent: string;
}

export const LOGO_SIZE = 512;

/** A square logo: the brand's mark above its name, on its colour. */
export async function logoImage(art: BrandArt): Promise<RawImage> {
  const S = LOGO_SIZE;
  const ink = textOn(art.background);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
    <rect width="${S}" height="${S}" fill="${art.background}"/>
    <circle cx="256" cy="178" r="104" fill="${art.accent}" opacity="0.9"/>
    <g transform="translate(186 108) scale(1.4)">${mark(art.mark, ink, art.accent)}</g>
  </svg>`;
  const name = await text(art.name, { font: 'display', size: 50, colour: ink, width: 440 });
  return render(svg, [
    { input: name.input, top: 306 + centre(170, name.height), left: centre(S, name.width) },
  ]);
}

export type Scene = 'hills' | 'waves' | 'field' | 'dots' | 'rays';

export interface BannerArt extends BrandArt {
  tagline: string;
  scene: Scene;
}

export const BANNER_SIZE = { width: 1200, height: 375 };

/** A wide banner: a simple landscape in the brand's colours, its name and tagline. */
export async function bannerImage(art: BannerArt): Promise<RawImage> {
  const { width: W, height: H } = BANNER_SIZE;
  const ink = textOn(art.background);
  const a = art.accent;
  const scenes: Record<Scene, string> = {
    hills: `<circle cx="1010" cy="110" r="56" fill="${a}" opacity="0.8"/>
      <path d="M0 352 Q360 320 700 300 T1200 220 L1200 375 L0 375 Z" fill="${a}" opacity="0.45"/>
      <path d="M0 366 Q480 350 860 320 T1200 300 L1200 375 L0 375 Z" fill="${a}" opacity="0.75"/>`,
    waves: [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M${620 + i * 10} ${120 + i * 60} Q${720 + i * 10} ${80 + i * 60} ${820 + i * 10} ${120 + i * 60} T${1020 + i * 10} ${120 + i * 60} T${1220 + i * 10} ${120 + i * 60}" fill="none" stroke="${a}" stroke-width="14" stroke-linecap="round" opacity="${0.9 - i * 0.15}"/>`,
      )
      .join(''),
    field: Array.from(
      { length: 9 },
      (_, i) =>
        `<path d="M${700 + i * 60} 375 Q${720 + i * 60} 250 ${760 + i * 62} 150" fill="none" stroke="${a}" stroke-width="6" opacity="0.8"/><ellipse cx="${760 + i * 62}" cy="${150 + (i % 3) * 12}" rx="12" ry="26" fill="${a}" transform="rotate(20 ${760 + i * 62} ${150 + (i % 3) * 12})"/>`,
    ).join(''),
    dots: Array.from({ length: 6 }, (_, r) =>
      Array.from(
        { length: 9 },
        (_, c) =>
          `<circle cx="${700 + c * 60 + (r % 2) * 30}" cy="${50 + r * 58}" r="${10 + ((r + c) % 3) * 5}" fill="${a}" opacity="${0.45 + ((r * c) % 3) * 0.2}"/>`,
      ).join(''),
    ).join(''),
    rays: `<circle cx="1000" cy="375" r="140" fill="${a}"/>${Array.from({ length: 9 }, (_, i) => {
      const angle = Math.PI + (i * Math.PI) / 8;
      return `<path d="M${(1000 + Math.cos(angle) * 170).toFixed(0)} ${(375 + Math.sin(angle) * 170).toFixed(0)} L${(1000 + Math.cos(angle) * 300).toFixed(0)} ${(375 + Math.sin(angle) * 300).toFixed(0)}" stroke="${a}" stroke-width="14" stroke-linecap="round" opacity="0.8"/>`;
    }).join('')}`,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="${art.background}"/>
    ${scenes[art.scene]}
    <g transform="translate(72 64) scale(0.56)">${mark(art.mark, ink, art.background)}</g>
  </svg>`;
  const [title, line] = await Promise.all([
    text(art.name, { font: 'display', size: 64, colour: ink, width: 640, align: 'left' }),
    text(art.tagline, { font: 'body', size: 22, colour: ink, width: 560, align: 'left' }),
  ]);
  const top = 132;
  return render(svg, [
    { input: title.input, top, left: 70 },
    { input: line.input, top: top + title.height + 16, left: 72 },
  ]);
}

export const PARTNER_LOGO_SIZE = { width: 640, height: 320 };

/** A partner's logo card: its mark beside its name. */
export async function partnerLogoImage(art: BrandArt): Promise<RawImage> {
  const { width: W, height: H } = PARTNER_LOGO_SIZE;
  const ink = textOn(art.background);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="${art.background}"/>
    <circle cx="150" cy="160" r="96" fill="${art.accent}"/>
    <g transform="translate(90 100) scale(1.2)">${mark(art.mark, ink === PALETTE.forest ? PALETTE.forest : PALETTE.offWhite, art.accent)}</g>
  </svg>`;
  const name = await text(art.name, {
    font: 'display',
    size: 38,
    colour: ink,
    width: 360,
    align: 'left',
  });
  return render(svg, [{ input: name.input, top: centre(H, name.height), left: 270 }]);
}
