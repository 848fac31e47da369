import { BRAND_NAME } from '@leafline/contract';
import sharp from 'sharp';
import { brandText } from '../media';

/**
 * The persona's downloadable mascot poster (SPEC §2 Quiz): a portrait poster drawn as SVG and
 * rendered to PNG by sharp, with the persona's title and a line of its description set in the
 * brand's fonts (DESIGN §4). Each of the six personas has its own mascot; a poster is drawn
 * once per persona and process, then served from memory.
 */

export const POSTER_SIZE = { width: 1200, height: 1600 } as const;

const INK = '#1f2a22';
const FOREST = '#1f3d2b';
const OFF_WHITE = '#f7f3ec';
const SAGE = '#9caf88';
const CHEEK = '#e8917a';

export interface PosterPersona {
  id: number;
  title: string;
  description: string;
}

interface Mascot {
  /** Poster background and the colour of the disc behind the mascot. */
  background: string;
  accent: string;
  /** The mascot, drawn in a 400 × 400 box. */
  draw: () => string;
}

// ---------------------------------------------------------------------------------------
// Mascots (each in a 400 × 400 box, standing on y ≈ 380)

/** Two shiny eyes and a smile, centred on (cx, cy). */
function face(cx: number, cy: number, spread: number, size = 1): string {
  const eye = (x: number) =>
    `<ellipse cx="${x}" cy="${cy}" rx="${9 * size}" ry="${11 * size}" fill="${INK}"/>
     <circle cx="${x + 3 * size}" cy="${cy - 4 * size}" r="${3.2 * size}" fill="#fff"/>`;
  const cheek = (x: number) =>
    `<ellipse cx="${x}" cy="${cy + 20 * size}" rx="${12 * size}" ry="${7 * size}" fill="${CHEEK}" opacity="0.55"/>`;
  return `${eye(cx - spread)}${eye(cx + spread)}${cheek(cx - spread - 12 * size)}${cheek(cx + spread + 12 * size)}
    <path d="M${cx - 14 * size} ${cy + 20 * size} Q${cx} ${cy + 34 * size} ${cx + 14 * size} ${cy + 20 * size}" fill="none" stroke="${INK}" stroke-width="${5 * size}" stroke-linecap="round"/>`;
}

const shadow = (cx: number, rx: number) =>
  `<ellipse cx="${cx}" cy="384" rx="${rx}" ry="${rx * 0.12}" fill="#000" opacity="0.1"/>`;

/** 1 Soft Start Sustainability Seeker: a shy sprout in a terracotta pot. */
function sprout(): string {
  return `${shadow(200, 100)}
    <path d="M200 236 Q194 170 206 112" fill="none" stroke="#4f7d3e" stroke-width="12" stroke-linecap="round"/>
    <path d="M200 172 Q118 178 92 104 Q172 92 200 172 Z" fill="#7fa35f"/>
    <path d="M196 166 Q150 140 112 112" fill="none" stroke="#5f8a4a" stroke-width="4" stroke-linecap="round"/>
    <path d="M205 132 Q226 52 318 40 Q312 124 205 132 Z" fill="#95b878"/>
    <path d="M210 126 Q256 92 300 56" fill="none" stroke="#6f9a5b" stroke-width="4" stroke-linecap="round"/>
    <path d="M118 262 L282 262 L262 380 L138 380 Z" fill="#c0714f"/>
    <rect x="100" y="228" width="200" height="42" rx="12" fill="#a85f40"/>
    <rect x="112" y="236" width="176" height="10" rx="5" fill="#cf8a68" opacity="0.7"/>
    ${face(200, 306, 30)}
    <path d="M330 160 l6 14 l14 6 l-14 6 l-6 14 l-6 -14 l-14 -6 l14 -6 Z" fill="#d4a24c"/>
    <path d="M64 220 l4 9 l9 4 l-9 4 l-4 9 l-4 -9 l-9 -4 l9 -4 Z" fill="#d4a24c"/>`;
}

/** 2 DIY-ish Earth Guardian: a fox carrying its toolbox. */
function fox(): string {
  const orange = '#d9793f';
  const dark = '#b65e2c';
  const cream = '#fbeedd';
  return `${shadow(200, 150)}
    <path d="M110 330 Q20 320 30 230 Q40 170 92 160 Q70 220 110 262 Z" fill="${orange}"/>
    <path d="M30 230 Q40 170 92 160 Q64 190 64 222 Q46 232 30 230 Z" fill="${cream}"/>
    <ellipse cx="190" cy="300" rx="88" ry="82" fill="${orange}"/>
    <ellipse cx="190" cy="318" rx="54" ry="58" fill="${cream}"/>
    <ellipse cx="150" cy="372" rx="28" ry="14" fill="${dark}"/>
    <ellipse cx="230" cy="372" rx="28" ry="14" fill="${dark}"/>
    <path d="M112 86 L122 20 L178 70 Z" fill="${orange}"/>
    <path d="M124 76 L128 40 L160 68 Z" fill="${dark}"/>
    <path d="M268 86 L258 20 L202 70 Z" fill="${orange}"/>
    <path d="M256 76 L252 40 L220 68 Z" fill="${dark}"/>
    <path d="M96 126 Q190 40 284 126 Q276 210 190 236 Q104 210 96 126 Z" fill="${orange}"/>
    <path d="M112 164 Q190 256 268 164 Q236 206 190 210 Q144 206 112 164 Z" fill="${cream}"/>
    ${face(190, 140, 38)}
    <ellipse cx="190" cy="186" rx="12" ry="8" fill="${INK}"/>
    <path d="M250 262 Q300 236 314 282" fill="none" stroke="${orange}" stroke-width="22" stroke-linecap="round"/>
    <path d="M282 272 Q314 246 346 272" fill="none" stroke="#5b665f" stroke-width="10" stroke-linecap="round"/>
    <rect x="252" y="272" width="128" height="100" rx="12" fill="#3f6b4e"/>
    <rect x="252" y="304" width="128" height="14" fill="#2f5a3e"/>
    <rect x="304" y="298" width="24" height="26" rx="4" fill="#d4a24c"/>
    <ellipse cx="314" cy="276" rx="16" ry="13" fill="${orange}"/>
    <path d="M350 250 L366 226 M358 232 Q374 214 384 232 Q370 240 358 232 Z" fill="#9aa5a0" stroke="#9aa5a0" stroke-width="8" stroke-linecap="round"/>`;
}

/** 3 Conscious Maximalist: a snail with a bold, colourful shell (and a flower on top). */
function snail(): string {
  const body = '#e6c98f';
  const rings = ['#d4a24c', '#c0714f', '#e58fa6', '#4f9a94', '#f2c14e'];
  const dots = Array.from({ length: 14 }, (_, i) => {
    const a = (i * Math.PI * 2) / 14;
    return `<circle cx="${(238 + Math.cos(a) * 97).toFixed(1)}" cy="${(214 + Math.sin(a) * 97).toFixed(1)}" r="6" fill="#fff" opacity="0.85"/>`;
  }).join('');
  return `${shadow(210, 170)}
    <path d="M40 380 Q40 300 96 262 Q130 240 150 280 L160 320 L350 334 Q382 340 378 380 Z" fill="${body}"/>
    <path d="M104 258 Q92 200 78 160" fill="none" stroke="${body}" stroke-width="12" stroke-linecap="round"/>
    <path d="M132 256 Q142 200 150 160" fill="none" stroke="${body}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="78" cy="152" r="22" fill="${body}"/>
    <circle cx="150" cy="152" r="22" fill="${body}"/>
    <ellipse cx="80" cy="154" rx="9" ry="11" fill="${INK}"/><circle cx="83" cy="150" r="3.2" fill="#fff"/>
    <ellipse cx="152" cy="154" rx="9" ry="11" fill="${INK}"/><circle cx="155" cy="150" r="3.2" fill="#fff"/>
    <ellipse cx="86" cy="312" rx="12" ry="7" fill="${CHEEK}" opacity="0.55"/>
    <path d="M92 298 Q112 316 132 298" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>
    <circle cx="238" cy="214" r="118" fill="${rings[0]}"/>
    ${dots}
    <circle cx="238" cy="214" r="84" fill="${rings[1]}"/>
    <circle cx="246" cy="218" r="60" fill="${rings[2]}"/>
    <circle cx="252" cy="222" r="38" fill="${rings[3]}"/>
    <circle cx="256" cy="224" r="16" fill="${rings[4]}"/>
    ${[0, 72, 144, 216, 288].map((r) => `<ellipse cx="238" cy="80" rx="11" ry="20" fill="#e58fa6" transform="rotate(${r} 238 98)"/>`).join('')}
    <circle cx="238" cy="98" r="10" fill="#f2c14e"/>`;
}

/** 4 Chill Eco Champion: a turtle in sunglasses, taking it easy. */
function turtle(): string {
  const skin = '#a9c48a';
  const shell = '#6f9a5b';
  const line = '#55804a';
  return `${shadow(220, 170)}
    <ellipse cx="132" cy="344" rx="34" ry="30" fill="${skin}"/>
    <ellipse cx="318" cy="344" rx="34" ry="30" fill="${skin}"/>
    <path d="M360 300 Q396 306 392 326 Q372 322 352 316 Z" fill="${skin}"/>
    <path d="M104 300 Q108 148 236 142 Q364 148 368 300 Z" fill="${shell}"/>
    <path d="M236 170 L276 196 L268 246 L204 246 L196 196 Z" fill="none" stroke="${line}" stroke-width="7" stroke-linejoin="round"/>
    <path d="M196 196 L150 188 M276 196 L322 188 M204 246 L176 296 M268 246 L296 296 M236 170 L236 144" fill="none" stroke="${line}" stroke-width="7" stroke-linecap="round"/>
    <rect x="92" y="290" width="290" height="26" rx="13" fill="${line}"/>
    <path d="M120 270 Q92 262 84 236" fill="none" stroke="${skin}" stroke-width="44" stroke-linecap="round"/>
    <circle cx="82" cy="200" r="62" fill="${skin}"/>
    <rect x="34" y="178" width="42" height="30" rx="12" fill="${INK}"/>
    <rect x="88" y="178" width="42" height="30" rx="12" fill="${INK}"/>
    <path d="M76 188 L88 188" stroke="${INK}" stroke-width="6"/>
    <path d="M42 186 L54 180 M96 186 L108 180" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.8"/>
    <ellipse cx="46" cy="228" rx="11" ry="6" fill="${CHEEK}" opacity="0.55"/>
    <path d="M62 232 Q82 248 104 230" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>
    <path d="M86 138 Q80 112 98 100 Q108 122 86 138 Z" fill="#4f7d3e"/>
    <circle cx="340" cy="70" r="30" fill="#f2c14e"/>
    ${[0, 45, 90, 135, 180, 225, 270, 315]
      .map((d) => {
        const a = (d * Math.PI) / 180;
        return `<path d="M${(340 + Math.cos(a) * 40).toFixed(1)} ${(70 + Math.sin(a) * 40).toFixed(1)} L${(340 + Math.cos(a) * 52).toFixed(1)} ${(70 + Math.sin(a) * 52).toFixed(1)}" stroke="#f2c14e" stroke-width="6" stroke-linecap="round"/>`;
      })
      .join('')}`;
}

/** 5 Ethical Overachiever (But Make It Kind): a bee with round glasses and a checklist. */
function bee(): string {
  const yellow = '#f2c14e';
  return `${shadow(200, 130)}
    <ellipse cx="96" cy="170" rx="74" ry="44" fill="#ffffff" opacity="0.9" stroke="#c9d6df" stroke-width="4" transform="rotate(28 96 170)"/>
    <ellipse cx="300" cy="170" rx="74" ry="44" fill="#ffffff" opacity="0.9" stroke="#c9d6df" stroke-width="4" transform="rotate(-28 300 170)"/>
    <path d="M70 150 Q96 170 126 176 M326 150 Q300 170 270 176" fill="none" stroke="#dbe4ea" stroke-width="3" stroke-linecap="round"/>
    <path d="M172 156 Q164 110 140 92 M224 156 Q232 110 256 92" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="140" cy="92" r="10" fill="${INK}"/><circle cx="256" cy="92" r="10" fill="${INK}"/>
    <clipPath id="bee-body"><ellipse cx="198" cy="262" rx="118" ry="112"/></clipPath>
    <ellipse cx="198" cy="262" rx="118" ry="112" fill="${yellow}"/>
    <g clip-path="url(#bee-body)" fill="${INK}">
      <rect x="60" y="292" width="280" height="28"/>
      <rect x="60" y="340" width="280" height="24"/>
    </g>
    ${face(186, 226, 34)}
    <circle cx="152" cy="226" r="24" fill="none" stroke="${FOREST}" stroke-width="5"/>
    <circle cx="220" cy="226" r="24" fill="none" stroke="${FOREST}" stroke-width="5"/>
    <path d="M176 222 Q186 214 196 222" fill="none" stroke="${FOREST}" stroke-width="5"/>
    <rect x="278" y="236" width="92" height="120" rx="10" fill="#b98b56" transform="rotate(8 324 296)"/>
    <rect x="290" y="256" width="70" height="92" rx="4" fill="#fff" transform="rotate(8 324 296)"/>
    <rect x="306" y="232" width="38" height="16" rx="5" fill="#5b665f" transform="rotate(8 324 296)"/>
    <g transform="rotate(8 324 296)" fill="none" stroke="#4f7d3e" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">
      <path d="M300 276 l8 8 l14 -16"/><path d="M300 304 l8 8 l14 -16"/><path d="M300 332 l8 8 l14 -16"/>
    </g>
    <g transform="rotate(8 324 296)" stroke="#c9d0cb" stroke-width="5" stroke-linecap="round">
      <path d="M330 280 L350 280 M330 308 L350 308 M330 336 L350 336"/>
    </g>
    <ellipse cx="290" cy="300" rx="16" ry="13" fill="${yellow}" stroke="${INK}" stroke-width="3"/>
    <path d="M54 214 C54 196 78 196 78 214 C78 196 102 196 102 214 C102 236 78 248 78 256 C78 248 54 236 54 214 Z" fill="#c0714f"/>`;
}

/** 6 Hempalicious: a round little hemp buddy with a seven-leaf crown and a hemp tote. */
function hemp(): string {
  const leaf = '#4f7d3e';
  const leaflets = [
    [0, 110],
    [-28, 96],
    [28, 96],
    [-58, 80],
    [58, 80],
    [-86, 56],
    [86, 56],
  ] as const;
  const crown = leaflets
    .map(
      ([angle, length]) =>
        `<path d="M0 0 Q${-length * 0.16} ${-length * 0.55} 0 ${-length} Q${length * 0.16} ${-length * 0.55} 0 0 Z" fill="${leaf}" transform="translate(200 142) rotate(${angle})"/>
         <path d="M0 -8 L0 ${-length + 14}" stroke="#7fa35f" stroke-width="3" stroke-linecap="round" transform="translate(200 142) rotate(${angle})"/>`,
    )
    .join('');
  return `${shadow(200, 130)}
    ${crown}
    <path d="M200 142 L200 176" stroke="${leaf}" stroke-width="10" stroke-linecap="round"/>
    <ellipse cx="200" cy="272" rx="112" ry="104" fill="#8fb36d"/>
    <ellipse cx="170" cy="222" rx="44" ry="22" fill="#b4cf96" opacity="0.7" transform="rotate(-20 170 222)"/>
    ${face(200, 252, 36)}
    <ellipse cx="150" cy="370" rx="30" ry="14" fill="#5f8a4a"/>
    <ellipse cx="250" cy="370" rx="30" ry="14" fill="#5f8a4a"/>
    <path d="M96 292 Q70 300 66 326" fill="none" stroke="#8fb36d" stroke-width="22" stroke-linecap="round"/>
    <path d="M40 312 Q62 268 84 312" fill="none" stroke="#a8926a" stroke-width="7"/>
    <path d="M28 312 L96 312 L90 378 L34 378 Z" fill="#d8c8a4"/>
    <path d="M62 330 Q50 344 62 360 Q74 344 62 330 Z" fill="${leaf}"/>
    <ellipse cx="66" cy="316" rx="14" ry="12" fill="#8fb36d"/>
    <path d="M330 190 l6 14 l14 6 l-14 6 l-6 14 l-6 -14 l-14 -6 l14 -6 Z" fill="#d4a24c"/>`;
}

const MASCOTS: Record<number, Mascot> = {
  1: { background: '#f1f4e8', accent: SAGE, draw: sprout },
  2: { background: '#f8ede4', accent: '#e3a47f', draw: fox },
  3: { background: '#fbf3e2', accent: '#ecc77a', draw: snail },
  4: { background: '#eef4f6', accent: '#a9bfcc', draw: turtle },
  5: { background: '#fdf6e3', accent: '#f0d58c', draw: bee },
  6: { background: '#e9efe1', accent: '#b4cf96', draw: hemp },
};

/** The mascot of a persona; a persona added later borrows one of the six. */
export function mascotFor(personaId: number): Mascot {
  const index = (((personaId - 1) % 6) + 6) % 6;
  return MASCOTS[index + 1]!;
}

// ---------------------------------------------------------------------------------------
// Poster

/** The description's first sentence, shortened at a word to fit a few lines. */
export function posterLine(description: string, maxLength = 140): string {
  const text = description.trim().replace(/\s+/g, ' ');
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  if (sentence.length <= maxLength) return sentence;
  const cut = sentence.slice(0, maxLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:–—-]+$/, '')}…`;
}

/** A small leaf mark beside the brand name (in a 100 × 100 box). */
const leafMark = (fill: string, cut: string) =>
  `<path d="M14 86 Q14 20 86 14 Q82 86 14 86 Z" fill="${fill}"/><path d="M20 80 Q50 50 76 22" fill="none" stroke="${cut}" stroke-width="5"/>`;

const centre = (outer: number, inner: number) => Math.max(0, Math.round((outer - inner) / 2));

async function drawPoster(persona: PosterPersona): Promise<Buffer> {
  const { width: W, height: H } = POSTER_SIZE;
  const mascot = mascotFor(persona.id);
  const bandTop = 1440;
  const confetti = [
    [140, 300, 14],
    [1050, 260, 10],
    [1080, 820, 16],
    [110, 880, 11],
    [980, 1000, 8],
    [210, 1010, 9],
  ]
    .map(
      ([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${mascot.accent}" opacity="0.9"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="${mascot.background}"/>
    <rect x="40" y="40" width="${W - 80}" height="${bandTop - 80}" rx="36" fill="none" stroke="${mascot.accent}" stroke-width="4"/>
    <circle cx="600" cy="580" r="370" fill="${mascot.accent}" opacity="0.45"/>
    <circle cx="600" cy="580" r="292" fill="${OFF_WHITE}" opacity="0.55"/>
    ${confetti}
    <g transform="translate(260 210) scale(1.7)">${mascot.draw()}</g>
    <rect y="${bandTop}" width="${W}" height="${H - bandTop}" fill="${FOREST}"/>
    <rect y="${bandTop}" width="${W}" height="8" fill="#c0714f"/>
  </svg>`;

  const [label, title, line, brand, tagline] = await Promise.all([
    brandText('YOUR SHOPPING PERSONA', {
      font: 'body',
      size: 30,
      colour: FOREST,
      width: 1000,
      spacing: 4,
    }),
    brandText(persona.title, { font: 'display', size: 82, colour: FOREST, width: 1040 }),
    brandText(posterLine(persona.description), {
      font: 'body',
      size: 34,
      colour: '#3d4a42',
      width: 960,
    }),
    brandText(BRAND_NAME, {
      font: 'display',
      size: 64,
      colour: OFF_WHITE,
      width: 600,
      align: 'left',
    }),
    brandText('Shopping persona quiz', {
      font: 'body',
      size: 28,
      colour: '#cfdcc2',
      width: 500,
      align: 'left',
    }),
  ]);

  // The title and the line sit together between the mascot and the band.
  const textTop = 975;
  const textBottom = bandTop - 70;
  const gap = 24;
  const block = title.height + gap + line.height;
  const top = textTop + centre(textBottom - textTop, block);
  const brandLeft = 150;
  const bandMiddle = bandTop + 4 + centre(H - bandTop, 0);
  const markSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72" viewBox="0 0 100 100">${leafMark(SAGE, FOREST)}</svg>`,
  );
  return sharp(Buffer.from(svg))
    .composite([
      { input: label.input, top: 96, left: centre(W, label.width) },
      { input: title.input, top, left: centre(W, title.width) },
      { input: line.input, top: top + title.height + gap, left: centre(W, line.width) },
      { input: markSvg, top: bandMiddle - 36, left: brandLeft - 92 },
      { input: brand.input, top: bandMiddle - Math.round(brand.height / 2), left: brandLeft },
      {
        input: tagline.input,
        top: bandMiddle - Math.round(tagline.height / 2),
        left: W - 80 - tagline.width,
      },
    ])
    .png({ compressionLevel: 8 })
    .toBuffer();
}

// One poster per persona and process; the key holds the drawn text, so an edited persona is
// drawn again.
const posters = new Map<string, Promise<Buffer>>();

/** The persona's poster as PNG bytes, drawn on first use. */
export function personaPoster(persona: PosterPersona): Promise<Buffer> {
  const key = JSON.stringify([persona.id, persona.title, posterLine(persona.description)]);
  const hit = posters.get(key);
  if (hit) return hit;
  const drawn = drawPoster(persona);
  drawn.catch(() => posters.delete(key));
  posters.set(key, drawn);
  if (posters.size > 24) posters.delete(posters.keys().next().value!);
  return drawn;
}

/** The download name: `leafline-<slug of the title>.png`. */
export function posterFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${BRAND_NAME.toLowerCase()}-${slug || 'persona'}.png`;
}
