import sharp, { type OverlayOptions } from 'sharp';
import { brandText as text } from '../modules/media/brand-text';
import type { RawImage } from '../modules/media/image-pipeline';
import { SHAPES, type Shape } from './shapes';

/**
 * Demo images (DESIGN §4): shapes drawn as SVG and rendered by sharp; text rendered in the
 * brand's own fonts (media/brand-text.ts), composited on top, so they look the same on a
 * machine without any system fonts. Each function returns raw pixels for the image pipeline,
 * which encodes the WebP widths.
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

export interface ProductArt {
  title: string;
  brand: string;
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

export const PRODUCT_IMAGE_SIZE = 800;

export async function productImage(art: ProductArt): Promise<RawImage> {
  const S = PRODUCT_IMAGE_SIZE;
  const shape = drawShape(art.shape, art.colour);
  const place = (cx: number, cy: number, scale: number, rotate = 0) =>
    `<g transform="translate(${cx - 100 * scale} ${cy - 100 * scale}) rotate(${rotate} ${100 * scale} ${100 * scale}) scale(${scale})">${shape}</g>`;
  const shadow = (cx: number, cy: number, rx: number) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.14}" fill="#000" opacity="0.10"/>`;
  switch (art.composition % 4) {
    case 0: {
      // Studio shot: the product on a soft disc, name and brand on a paper band.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
        <rect width="${S}" height="${S}" fill="${art.background}"/>
        <circle cx="400" cy="320" r="255" fill="${art.accent}" opacity="0.55"/>
        ${shadow(400, 555, 190)}
        ${place(400, 320, 2.25)}
        <rect y="636" width="${S}" height="164" fill="${PALETTE.offWhite}"/>
        <rect y="636" width="${S}" height="4" fill="${art.accent}"/>
      </svg>`;
      const [title, brand] = await Promise.all([
        text(art.title, { font: 'display', size: 40, colour: PALETTE.forest, width: 720 }),
        text(art.brand.toUpperCase(), {
          font: 'body',
          size: 17,
          colour: shade(PALETTE.forest, 0.35),
          width: 720,
          spacing: 2,
        }),
      ]);
      const block = title.height + 14 + brand.height;
      const top = 640 + centre(160, block);
      return render(svg, [
        { input: title.input, top, left: centre(S, title.width) },
        { input: brand.input, top: top + title.height + 14, left: centre(S, brand.width) },
      ]);
    }
    case 1: {
      // Flat lay: tilted product with sprigs around it, a small brand tag.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
        <rect width="${S}" height="${S}" fill="${shade(art.accent, 0.55)}"/>
        <g transform="translate(40 520) scale(2.4) rotate(-20 50 50)" opacity="0.5">${sprig(shade(art.accent, -0.25))}</g>
        <g transform="translate(560 60) scale(2.2) rotate(150 50 50)" opacity="0.45">${sprig(shade(art.accent, -0.25))}</g>
        <circle cx="660" cy="640" r="70" fill="${art.background}" opacity="0.8"/>
        <circle cx="150" cy="170" r="46" fill="${art.background}" opacity="0.8"/>
        ${place(400, 400, 2.7, -9)}
      </svg>`;
      const tag = await text(art.brand, {
        font: 'body',
        size: 20,
        colour: textOn(shade(art.accent, 0.55)),
        width: 500,
        align: 'left',
      });
      return render(svg, [{ input: tag.input, top: 40, left: 44 }]);
    }
    case 2: {
      // Arch: the product framed in an arch window, name underneath.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
        <rect width="${S}" height="${S}" fill="${PALETTE.offWhite}"/>
        <path d="M170 640 L170 300 A230 230 0 0 1 630 300 L630 640 Z" fill="${art.background}"/>
        <path d="M210 640 L210 310 A190 190 0 0 1 590 310 L590 640" fill="none" stroke="${art.accent}" stroke-width="6" opacity="0.7"/>
        ${shadow(400, 600, 150)}
        ${place(400, 420, 1.85)}
      </svg>`;
      const title = await text(art.title, {
        font: 'display',
        size: 34,
        colour: PALETTE.forest,
        width: 640,
      });
      return render(svg, [{ input: title.input, top: 672, left: centre(S, title.width) }]);
    }
    default: {
      // Detail: a close crop of the product on its colour field.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
        <rect width="${S}" height="${S}" fill="${art.background}"/>
        <circle cx="620" cy="180" r="300" fill="${art.accent}" opacity="0.35"/>
        ${place(470, 470, 4.1, 6)}
        <rect x="40" y="692" width="330" height="68" rx="34" fill="${PALETTE.offWhite}" opacity="0.92"/>
      </svg>`;
      const label = await text(art.brand, {
        font: 'body',
        size: 20,
        colour: PALETTE.forest,
        width: 300,
      });
      return render(svg, [
        {
          input: label.input,
          top: 692 + centre(68, label.height),
          left: 40 + centre(330, label.width),
        },
      ]);
    }
  }
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
