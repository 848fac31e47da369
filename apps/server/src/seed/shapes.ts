/**
 * Flat product silhouettes for the demo images, each drawn in a 200 × 200 box. `m` is the
 * product's colour, `d` a darker shade for seams and details, `l` a light highlight.
 */
export interface ShapeColours {
  m: string;
  d: string;
  l: string;
}

type Draw = (c: ShapeColours) => string;

const sleeveTee =
  'M62 28 L28 42 L8 80 L36 94 L46 78 L46 182 L154 182 L154 78 L164 94 L192 80 L172 42 L138 28';
const longSleeve =
  'M64 26 L36 36 Q20 44 18 70 L12 170 L38 173 L46 92 L46 182 L154 182 L154 92 L162 173 L188 170 L182 70 Q180 44 164 36 L136 26';

export const SHAPES = {
  tee: ({ m, d }) =>
    `<path d="${sleeveTee} Q100 54 62 28 Z" fill="${m}"/>
     <path d="M62 28 Q100 54 138 28" fill="none" stroke="${d}" stroke-width="6"/>
     <path d="M36 94 L46 78 M164 94 L154 78" stroke="${d}" stroke-width="4"/>`,
  shirt: ({ m, d, l }) =>
    `<path d="${sleeveTee} L100 44 Z" fill="${m}"/>
     <path d="M62 28 L100 44 L84 62 Z M138 28 L100 44 L116 62 Z" fill="${l}"/>
     <path d="M100 46 L100 182" stroke="${d}" stroke-width="3"/>
     ${[70, 98, 126, 154].map((y) => `<circle cx="108" cy="${y}" r="4" fill="${d}"/>`).join('')}
     <rect x="118" y="84" width="24" height="22" rx="3" fill="none" stroke="${d}" stroke-width="3"/>`,
  sweater: ({ m, d }) =>
    `<path d="${longSleeve} Q100 46 64 26 Z" fill="${m}"/>
     <path d="M64 26 Q100 46 136 26" fill="none" stroke="${d}" stroke-width="7"/>
     <path d="M46 170 L154 170 M14 158 L40 160 M160 160 L186 158" stroke="${d}" stroke-width="6" stroke-dasharray="4 4"/>
     <path d="M70 70 L80 90 L90 70 L100 90 L110 70 L120 90 L130 70" fill="none" stroke="${d}" stroke-width="4" opacity="0.6"/>`,
  hoodie: ({ m, d, l }) =>
    `<path d="M70 34 Q70 4 100 4 Q130 4 130 34 Z" fill="${d}"/>
     <path d="${longSleeve} Q100 60 64 26 Z" fill="${m}"/>
     <path d="M76 30 Q100 62 124 30" fill="none" stroke="${d}" stroke-width="6"/>
     <path d="M92 52 L90 84 M108 52 L110 84" stroke="${l}" stroke-width="3"/>
     <path d="M66 128 L134 128 L126 160 L74 160 Z" fill="none" stroke="${d}" stroke-width="4"/>`,
  dress: ({ m, d }) =>
    `<path d="M78 14 L84 14 L86 44 L114 44 L116 14 L122 14 L126 56 Q146 70 138 98 L176 186 L24 186 L62 98 Q54 70 74 56 Z" fill="${m}"/>
     <path d="M64 98 Q100 108 136 98" fill="none" stroke="${d}" stroke-width="6"/>
     <path d="M100 104 L90 132 M100 104 L112 130" stroke="${d}" stroke-width="4"/>`,
  pants: ({ m, d }) =>
    `<path d="M50 14 L150 14 L162 188 L112 188 L100 70 L88 188 L38 188 Z" fill="${m}"/>
     <path d="M50 30 L150 30" stroke="${d}" stroke-width="5"/>
     <path d="M100 30 L100 70 M62 40 Q70 56 84 50 M138 40 Q130 56 116 50" fill="none" stroke="${d}" stroke-width="3"/>`,
  socks: ({ m, d, l }) =>
    [0, 1]
      .map(
        (i) =>
          `<g transform="translate(${i * 52 - 22} ${i * 10})"><path d="M60 18 L102 18 L102 116 Q102 134 120 142 L150 154 Q170 164 160 184 L96 184 Q60 184 60 150 Z" fill="${i ? m : d}"/>
           <path d="M60 30 L102 30 M60 42 L102 42" stroke="${l}" stroke-width="5"/></g>`,
      )
      .join(''),
  beanie: ({ m, d, l }) =>
    `<circle cx="100" cy="26" r="18" fill="${l}"/>
     <path d="M34 132 Q30 40 100 38 Q170 40 166 132 Z" fill="${m}"/>
     <rect x="26" y="124" width="148" height="48" rx="14" fill="${d}"/>
     ${[44, 64, 84, 104, 124, 144].map((x) => `<path d="M${x} 130 L${x} 166" stroke="${m}" stroke-width="5" opacity="0.6"/>`).join('')}`,
  cap: ({ m, d }) =>
    `<path d="M30 120 Q30 50 100 48 Q164 50 168 120 Z" fill="${m}"/>
     <path d="M100 48 L100 120 M64 56 Q60 90 62 120 M136 56 Q140 90 138 120" fill="none" stroke="${d}" stroke-width="3"/>
     <path d="M24 118 L196 118 Q196 146 160 146 L30 132 Z" fill="${d}"/>
     <circle cx="100" cy="48" r="6" fill="${d}"/>`,
  bucketHat: ({ m, d }) =>
    `<path d="M56 60 Q60 36 100 36 Q140 36 144 60 L154 116 L46 116 Z" fill="${m}"/>
     <path d="M12 128 Q20 108 46 110 L154 110 Q180 108 188 128 Q100 150 12 128 Z" fill="${d}"/>
     <path d="M50 100 L150 100" stroke="${d}" stroke-width="4" stroke-dasharray="6 4"/>`,
  bodysuit: ({ m, d, l }) =>
    `<path d="M70 24 L40 36 L18 70 L42 84 L54 70 L56 140 Q56 162 80 168 L86 188 L114 188 L120 168 Q144 162 144 140 L146 70 L158 84 L182 70 L160 36 L130 24 Q100 48 70 24 Z" fill="${m}"/>
     <path d="M70 24 Q100 48 130 24" fill="none" stroke="${d}" stroke-width="5"/>
     ${[92, 100, 108].map((x) => `<circle cx="${x}" cy="180" r="3" fill="${l}"/>`).join('')}`,
  jacket: ({ m, d, l }) =>
    `<path d="${longSleeve} L100 40 Z" fill="${m}"/>
     <path d="M64 26 L100 40 L82 70 Z M136 26 L100 40 L118 70 Z" fill="${d}"/>
     <path d="M100 40 L100 182" stroke="${l}" stroke-width="4"/>
     <rect x="58" y="112" width="30" height="30" rx="4" fill="none" stroke="${d}" stroke-width="4"/>
     <rect x="112" y="112" width="30" height="30" rx="4" fill="none" stroke="${d}" stroke-width="4"/>`,
  scarf: ({ m, d, l }) =>
    `<path d="M40 30 Q100 10 160 30 L150 70 Q100 56 50 70 Z" fill="${d}"/>
     <path d="M56 62 L96 66 L104 176 L64 176 Z" fill="${m}"/>
     <path d="M104 62 L144 58 L150 150 L110 154 Z" fill="${m}" opacity="0.85"/>
     ${[66, 74, 82, 90, 98].map((x) => `<path d="M${x} 176 L${x} 192" stroke="${m}" stroke-width="3"/>`).join('')}
     <path d="M64 90 L100 92 M66 120 L102 122 M66 150 L102 152" stroke="${l}" stroke-width="4"/>`,
  sneaker: ({ m, d, l }) =>
    `<path d="M14 118 Q18 76 46 70 L78 62 Q94 92 124 98 L170 112 Q194 120 190 146 L14 146 Z" fill="${m}"/>
     <path d="M10 146 L192 146 Q194 166 176 168 L22 168 Q8 166 10 146 Z" fill="${l}"/>
     <path d="M10 156 L192 156" stroke="${d}" stroke-width="3"/>
     ${[0, 1, 2, 3].map((i) => `<path d="M${72 + i * 12} ${72 + i * 6} L${84 + i * 12} ${84 + i * 6}" stroke="${d}" stroke-width="4"/>`).join('')}
     <path d="M20 114 Q30 100 44 100" fill="none" stroke="${d}" stroke-width="4"/>`,
  hightop: ({ m, d, l }) =>
    `<path d="M30 146 L34 30 L84 30 L90 86 Q112 100 140 104 L176 114 Q196 122 192 146 Z" fill="${m}"/>
     <path d="M26 146 L194 146 Q196 168 178 170 L36 170 Q22 168 26 146 Z" fill="${l}"/>
     <circle cx="50" cy="100" r="12" fill="${l}"/>
     ${[0, 1, 2, 3, 4].map((i) => `<path d="M80 ${44 + i * 12} L94 ${50 + i * 12}" stroke="${d}" stroke-width="4"/>`).join('')}`,
  boot: ({ m, d }) =>
    `<path d="M44 18 L108 18 L110 104 Q130 112 156 116 Q188 122 186 156 L40 156 Z" fill="${m}"/>
     <path d="M36 156 L190 156 L190 178 L36 178 Z" fill="${d}"/>
     <path d="M44 40 L108 40" stroke="${d}" stroke-width="5"/>
     ${[0, 1, 2, 3].map((i) => `<circle cx="104" cy="${52 + i * 14}" r="3.5" fill="${d}"/>`).join('')}`,
  sandal: ({ m, d, l }) =>
    `<path d="M14 150 Q14 136 34 134 L172 132 Q192 134 190 152 Q188 164 170 164 L32 166 Q14 166 14 150 Z" fill="${d}"/>
     <path d="M14 148 L190 148" stroke="${l}" stroke-width="3"/>
     <path d="M50 134 Q60 84 100 84 Q132 84 140 132" fill="none" stroke="${m}" stroke-width="18"/>
     <path d="M132 132 Q146 104 172 110" fill="none" stroke="${m}" stroke-width="14"/>`,
  slipper: ({ m, d, l }) =>
    `<path d="M18 132 Q18 96 60 92 L120 80 Q172 74 186 118 Q192 140 170 146 L30 146 Q18 144 18 132 Z" fill="${m}"/>
     <path d="M14 146 L190 146 Q190 162 172 162 L28 162 Q14 162 14 146 Z" fill="${d}"/>
     <path d="M70 92 Q100 130 150 104" fill="none" stroke="${l}" stroke-width="5" stroke-dasharray="6 5"/>`,
  tote: ({ m, d, l }) =>
    `<path d="M68 78 Q68 18 100 18 Q132 18 132 78" fill="none" stroke="${d}" stroke-width="10"/>
     <path d="M32 72 L168 72 L158 188 L42 188 Z" fill="${m}"/>
     <path d="M70 120 Q100 96 130 120 Q100 150 70 120 Z" fill="${l}" opacity="0.8"/>
     <path d="M100 108 L100 132" stroke="${d}" stroke-width="3"/>`,
  backpack: ({ m, d, l }) =>
    `<path d="M76 30 Q76 12 100 12 Q124 12 124 30" fill="none" stroke="${d}" stroke-width="8"/>
     <rect x="36" y="28" width="128" height="162" rx="40" fill="${m}"/>
     <path d="M36 80 Q100 62 164 80" fill="none" stroke="${d}" stroke-width="5"/>
     <rect x="58" y="112" width="84" height="60" rx="16" fill="${d}"/>
     <path d="M70 124 L130 124" stroke="${l}" stroke-width="4"/>`,
  wallet: ({ m, d, l }) =>
    `<rect x="20" y="54" width="160" height="104" rx="14" fill="${m}"/>
     <path d="M20 82 L180 82" stroke="${d}" stroke-width="4"/>
     <rect x="120" y="96" width="60" height="36" rx="10" fill="${d}"/>
     <circle cx="138" cy="114" r="6" fill="${l}"/>
     <path d="M32 64 L108 64" stroke="${l}" stroke-width="4" stroke-dasharray="5 5"/>`,
  sunglasses: ({ m, d, l }) =>
    `<path d="M10 70 L28 70 M172 70 L190 70" stroke="${d}" stroke-width="8"/>
     <rect x="24" y="62" width="66" height="58" rx="26" fill="${d}"/>
     <rect x="110" y="62" width="66" height="58" rx="26" fill="${d}"/>
     <rect x="24" y="62" width="66" height="58" rx="26" fill="none" stroke="${m}" stroke-width="8"/>
     <rect x="110" y="62" width="66" height="58" rx="26" fill="none" stroke="${m}" stroke-width="8"/>
     <path d="M90 78 Q100 68 110 78" fill="none" stroke="${m}" stroke-width="8"/>
     <path d="M38 76 L52 90 M124 76 L138 90" stroke="${l}" stroke-width="5" opacity="0.7"/>`,
  earrings: ({ m, d }) =>
    [60, 140]
      .map(
        (x) =>
          `<path d="M${x} 20 Q${x + 14} 20 ${x + 10} 40" fill="none" stroke="${d}" stroke-width="4"/>
           <circle cx="${x}" cy="46" r="8" fill="${d}"/>
           <path d="M${x} 60 Q${x + 34} 110 ${x} 170 Q${x - 34} 110 ${x} 60 Z" fill="${m}"/>
           <path d="M${x} 80 L${x} 150" stroke="${d}" stroke-width="3" opacity="0.5"/>`,
      )
      .join(''),
  necklace: ({ m, d, l }) =>
    `<path d="M36 20 Q36 120 100 128 Q164 120 164 20" fill="none" stroke="${d}" stroke-width="5"/>
     <path d="M100 126 L126 160 L100 196 L74 160 Z" fill="${m}"/>
     <path d="M100 136 L114 160 L100 184" fill="none" stroke="${l}" stroke-width="4"/>`,
  waterBottle: ({ m, d, l }) =>
    `<rect x="74" y="10" width="52" height="32" rx="10" fill="${d}"/>
     <path d="M86 16 Q100 -4 114 16" fill="none" stroke="${d}" stroke-width="6"/>
     <rect x="60" y="40" width="80" height="150" rx="30" fill="${m}"/>
     <rect x="60" y="92" width="80" height="40" fill="${l}" opacity="0.5"/>`,
  scrunchie: ({ m, d }) =>
    `<circle cx="100" cy="100" r="58" fill="none" stroke="${m}" stroke-width="44"/>
     ${Array.from({ length: 12 }, (_, i) => {
       const a = (i * Math.PI) / 6;
       const x1 = 100 + Math.cos(a) * 38;
       const y1 = 100 + Math.sin(a) * 38;
       const x2 = 100 + Math.cos(a) * 78;
       const y2 = 100 + Math.sin(a) * 78;
       return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)} L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${d}" stroke-width="3" opacity="0.6"/>`;
     }).join('')}`,
  mug: ({ m, d, l }) =>
    `<path d="M140 74 Q184 74 184 110 Q184 146 140 146" fill="none" stroke="${m}" stroke-width="16"/>
     <path d="M30 50 L150 50 L146 170 Q144 186 128 186 L52 186 Q36 186 34 170 Z" fill="${m}"/>
     <ellipse cx="90" cy="50" rx="60" ry="10" fill="${d}"/>
     <path d="M34 110 Q90 124 148 110" fill="none" stroke="${l}" stroke-width="5" opacity="0.7"/>`,
  bowl: ({ m, d, l }) =>
    `<path d="M14 88 L186 88 Q182 160 120 172 L80 172 Q18 160 14 88 Z" fill="${m}"/>
     <ellipse cx="100" cy="88" rx="86" ry="16" fill="${d}"/>
     <rect x="70" y="168" width="60" height="16" rx="5" fill="${m}"/>
     <path d="M40 120 Q100 140 160 120" fill="none" stroke="${l}" stroke-width="5" opacity="0.7"/>`,
  planter: ({ m, d, l }) =>
    `<path d="M100 98 Q60 60 58 14 Q96 34 100 98 Z" fill="${l}"/>
     <path d="M100 98 Q146 70 166 30 Q120 40 100 98 Z" fill="${l}"/>
     <path d="M100 98 Q92 60 112 20" fill="none" stroke="${l}" stroke-width="5"/>
     <path d="M40 96 L160 96 L146 188 L54 188 Z" fill="${m}"/>
     <rect x="34" y="90" width="132" height="22" rx="6" fill="${d}"/>`,
  candle: ({ m, d, l }) =>
    `<path d="M100 10 Q118 38 100 56 Q82 38 100 10 Z" fill="#e7a34a"/>
     <rect x="97" y="54" width="6" height="22" fill="${d}"/>
     <path d="M40 74 L160 74 L154 178 Q152 190 138 190 L62 190 Q48 190 46 178 Z" fill="${m}"/>
     <ellipse cx="100" cy="76" rx="60" ry="10" fill="${l}"/>
     <rect x="64" y="118" width="72" height="36" rx="6" fill="${l}" opacity="0.85"/>`,
  throw: ({ m, d, l }) =>
    `${[0, 1, 2].map((i) => `<rect x="24" y="${120 - i * 40}" width="152" height="44" rx="14" fill="${i % 2 ? d : m}"/>`).join('')}
     <path d="M36 58 L164 58 M36 98 L164 98 M36 138 L164 138" stroke="${l}" stroke-width="4" stroke-dasharray="8 6"/>
     ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M${40 + i * 17} 164 L${40 + i * 17} 182" stroke="${m}" stroke-width="4"/>`).join('')}`,
  towel: ({ m, d, l }) =>
    `<rect x="20" y="24" width="160" height="12" rx="6" fill="${d}"/>
     <path d="M40 30 L160 30 L160 180 L40 180 Z" fill="${m}"/>
     <path d="M40 142 L160 142 M40 156 L160 156" stroke="${l}" stroke-width="6"/>
     <path d="M100 30 L100 90" stroke="${d}" stroke-width="3" opacity="0.4"/>`,
  board: ({ m, d, l }) =>
    `<circle cx="100" cy="28" r="18" fill="${m}"/>
     <path d="M40 44 L160 44 Q176 44 176 60 L176 174 Q176 190 160 190 L40 190 Q24 190 24 174 L24 60 Q24 44 40 44 Z" fill="${m}"/>
     <circle cx="100" cy="26" r="7" fill="${l}"/>
     <path d="M50 80 Q100 70 150 84 M50 120 Q110 110 150 126 M50 158 Q90 150 150 162" fill="none" stroke="${d}" stroke-width="3" opacity="0.5"/>`,
  jar: ({ m, d, l }) =>
    `<rect x="54" y="16" width="92" height="30" rx="6" fill="${d}"/>
     <path d="M50 52 L150 52 Q166 58 166 80 L166 170 Q166 188 148 188 L52 188 Q34 188 34 170 L34 80 Q34 58 50 52 Z" fill="${m}"/>
     <rect x="54" y="96" width="92" height="54" rx="8" fill="${l}"/>
     <path d="M46 70 L46 170" stroke="${l}" stroke-width="6" opacity="0.5"/>`,
  wraps: ({ m, d, l }) =>
    `<g transform="rotate(-10 100 100)"><rect x="30" y="46" width="124" height="124" rx="10" fill="${d}"/></g>
     <g transform="rotate(6 100 100)"><rect x="44" y="32" width="124" height="124" rx="10" fill="${m}"/>
     ${[0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => `<circle cx="${64 + c * 28}" cy="${52 + r * 28}" r="5" fill="${l}"/>`)).join('')}</g>`,
  vase: ({ m, d, l }) =>
    `<path d="M100 70 Q96 40 110 12" fill="none" stroke="${d}" stroke-width="4"/>
     <path d="M110 12 Q130 4 132 22 Q118 30 110 12 Z" fill="${d}"/>
     <path d="M84 64 L116 64 L116 88 Q160 110 154 156 Q150 190 100 190 Q50 190 46 156 Q40 110 84 88 Z" fill="${m}"/>
     <path d="M62 140 Q100 152 138 140" fill="none" stroke="${l}" stroke-width="5"/>`,
  frame: ({ m, d, l }) =>
    `<rect x="24" y="24" width="152" height="152" rx="6" fill="${m}"/>
     <rect x="44" y="44" width="112" height="112" fill="${l}"/>
     <path d="M44 156 L84 100 L110 132 L128 112 L156 156 Z" fill="${d}"/>
     <circle cx="128" cy="76" r="12" fill="${d}" opacity="0.7"/>`,
  basket: ({ m, d }) =>
    `<path d="M52 70 Q100 10 148 70" fill="none" stroke="${d}" stroke-width="9"/>
     <path d="M24 70 L176 70 L160 184 L40 184 Z" fill="${m}"/>
     ${[94, 118, 142, 166].map((y) => `<path d="M30 ${y} L170 ${y}" stroke="${d}" stroke-width="4" opacity="0.6"/>`).join('')}
     ${[56, 88, 120, 152].map((x) => `<path d="M${x} 72 L${x - 4} 182" stroke="${d}" stroke-width="3" opacity="0.4"/>`).join('')}
     <rect x="18" y="62" width="164" height="16" rx="6" fill="${d}"/>`,
  utensils: ({ m, d }) =>
    `<g transform="rotate(-12 100 100)"><ellipse cx="70" cy="46" rx="16" ry="26" fill="${m}"/><rect x="66" y="66" width="8" height="120" rx="4" fill="${m}"/></g>
     <g transform="rotate(8 100 100)"><path d="M112 20 L112 60 Q112 74 124 74 Q136 74 136 60 L136 20" fill="none" stroke="${m}" stroke-width="6"/><path d="M124 22 L124 60" stroke="${m}" stroke-width="5"/><rect x="120" y="70" width="8" height="118" rx="4" fill="${m}"/></g>
     <rect x="30" y="150" width="140" height="30" rx="10" fill="${d}" opacity="0.85"/>`,
  lunchbox: ({ m, d, l }) =>
    `<rect x="22" y="60" width="156" height="110" rx="18" fill="${m}"/>
     <rect x="22" y="60" width="156" height="28" rx="12" fill="${d}"/>
     <rect x="40" y="82" width="16" height="24" rx="4" fill="${l}"/>
     <rect x="144" y="82" width="16" height="24" rx="4" fill="${l}"/>
     <path d="M40 130 L160 130" stroke="${l}" stroke-width="4" opacity="0.6"/>`,
  dropper: ({ m, d, l }) =>
    `<path d="M88 8 Q100 0 112 8 L112 40 L88 40 Z" fill="${d}"/>
     <rect x="80" y="38" width="40" height="20" rx="4" fill="${d}"/>
     <path d="M66 58 L134 58 Q150 62 150 82 L150 176 Q150 190 136 190 L64 190 Q50 190 50 176 L50 82 Q50 62 66 58 Z" fill="${m}"/>
     <rect x="60" y="106" width="80" height="50" rx="6" fill="${l}"/>
     <path d="M74 122 L126 122 M80 136 L120 136" stroke="${d}" stroke-width="4"/>`,
  creamJar: ({ m, d, l }) =>
    `<rect x="30" y="64" width="140" height="36" rx="10" fill="${d}"/>
     <path d="M34 100 L166 100 L162 168 Q160 184 144 184 L56 184 Q40 184 38 168 Z" fill="${m}"/>
     <rect x="60" y="120" width="80" height="36" rx="6" fill="${l}"/>
     <path d="M42 74 L92 74" stroke="${l}" stroke-width="4" opacity="0.6"/>`,
  tube: ({ m, d, l }) =>
    `<g transform="rotate(-30 100 100)"><rect x="78" y="150" width="44" height="34" rx="6" fill="${d}"/>
     <path d="M70 14 L130 14 L126 44 L122 150 L78 150 L74 44 Z" fill="${m}"/>
     <path d="M70 14 L130 14" stroke="${d}" stroke-width="6"/>
     <rect x="84" y="70" width="32" height="56" rx="4" fill="${l}"/></g>`,
  tin: ({ m, d, l }) =>
    `<ellipse cx="100" cy="140" rx="76" ry="30" fill="${d}"/>
     <rect x="24" y="96" width="152" height="44" fill="${d}"/>
     <ellipse cx="100" cy="96" rx="76" ry="30" fill="${m}"/>
     <ellipse cx="100" cy="96" rx="44" ry="16" fill="${l}"/>`,
  pump: ({ m, d, l }) =>
    `<path d="M96 40 L96 22 L140 22 L140 32 L108 32 L108 40 Z" fill="${d}"/>
     <rect x="82" y="38" width="36" height="24" rx="5" fill="${d}"/>
     <rect x="52" y="60" width="96" height="132" rx="22" fill="${m}"/>
     <rect x="64" y="104" width="72" height="56" rx="6" fill="${l}"/>
     <path d="M78 122 L122 122 M84 138 L116 138" stroke="${d}" stroke-width="4"/>`,
  soap: ({ m, d, l }) =>
    `<ellipse cx="100" cy="150" rx="86" ry="22" fill="${d}" opacity="0.35"/>
     <rect x="20" y="62" width="160" height="92" rx="30" fill="${m}"/>
     <rect x="40" y="76" width="120" height="64" rx="22" fill="none" stroke="${d}" stroke-width="4" opacity="0.6"/>
     <path d="M70 108 Q100 84 130 108 Q100 132 70 108 Z" fill="${l}" opacity="0.7"/>`,
  toothbrush: ({ m, d, l }) =>
    `<g transform="rotate(-35 100 100)"><rect x="90" y="60" width="20" height="140" rx="10" fill="${m}"/>
     <rect x="88" y="4" width="24" height="64" rx="10" fill="${m}"/>
     ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="72" y="${10 + i * 9}" width="18" height="6" rx="2" fill="${l}"/>`).join('')}
     <path d="M100 120 L100 180" stroke="${d}" stroke-width="3" opacity="0.5"/></g>`,
  razor: ({ m, d, l }) =>
    `<rect x="34" y="18" width="132" height="34" rx="10" fill="${m}"/>
     <path d="M40 52 L160 52" stroke="${l}" stroke-width="4"/>
     <rect x="92" y="50" width="16" height="30" fill="${d}"/>
     <rect x="88" y="78" width="24" height="110" rx="10" fill="${m}"/>
     ${[96, 112, 128, 144, 160].map((y) => `<path d="M90 ${y} L110 ${y}" stroke="${d}" stroke-width="3"/>`).join('')}`,
  deodorant: ({ m, d, l }) =>
    `<rect x="62" y="14" width="76" height="40" rx="12" fill="${d}"/>
     <rect x="58" y="48" width="84" height="142" rx="14" fill="${m}"/>
     <rect x="58" y="98" width="84" height="46" fill="${l}"/>
     <path d="M76 114 L124 114 M82 128 L118 128" stroke="${d}" stroke-width="4"/>`,
  rounds: ({ m, d, l }) =>
    `${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="100" cy="${156 - i * 18}" rx="70" ry="20" fill="${i % 2 ? l : m}" stroke="${d}" stroke-width="2"/>`).join('')}
     <ellipse cx="100" cy="84" rx="46" ry="11" fill="none" stroke="${d}" stroke-width="2" stroke-dasharray="4 4"/>`,
  cup: ({ m, d }) =>
    `<path d="M40 30 L160 30 Q160 120 110 146 L110 186 L90 186 L90 146 Q40 120 40 30 Z" fill="${m}" opacity="0.9"/>
     <ellipse cx="100" cy="30" rx="60" ry="12" fill="${d}"/>
     <path d="M60 60 Q100 70 140 60 M70 90 Q100 98 130 90" fill="none" stroke="${d}" stroke-width="3" opacity="0.6"/>`,
  spray: ({ m, d, l }) =>
    `<path d="M76 20 L140 20 L150 36 L124 40 L122 60 L86 60 L84 40 L60 44 Z" fill="${d}"/>
     <rect x="88" y="58" width="32" height="16" fill="${d}"/>
     <path d="M82 74 L126 74 Q158 88 158 124 L158 178 Q158 192 144 192 L64 192 Q50 192 50 178 L50 124 Q50 88 82 74 Z" fill="${m}"/>
     <rect x="64" y="120" width="80" height="48" rx="6" fill="${l}"/>`,
  dishBrush: ({ m, d, l }) =>
    `<g transform="rotate(-30 100 100)"><rect x="92" y="70" width="16" height="124" rx="8" fill="${m}"/>
     <circle cx="100" cy="46" r="36" fill="${m}"/>
     ${Array.from({ length: 16 }, (_, i) => {
       const a = (i * Math.PI) / 8;
       return `<path d="M${(100 + Math.cos(a) * 30).toFixed(1)} ${(46 + Math.sin(a) * 30).toFixed(1)} L${(100 + Math.cos(a) * 46).toFixed(1)} ${(46 + Math.sin(a) * 46).toFixed(1)}" stroke="${l}" stroke-width="5"/>`;
     }).join('')}
     <circle cx="100" cy="46" r="16" fill="${d}"/></g>`,
  sponge: ({ m, d, l }) =>
    `<rect x="26" y="58" width="148" height="96" rx="18" fill="${m}"/>
     <rect x="26" y="124" width="148" height="30" rx="10" fill="${d}"/>
     ${[
       [56, 80],
       [92, 92],
       [130, 78],
       [70, 106],
       [148, 104],
       [110, 110],
     ]
       .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${l}" opacity="0.8"/>`)
       .join('')}`,
  sheets: ({ m, d, l }) =>
    `${[0, 1, 2].map((i) => `<rect x="${52 + i * 8}" y="${20 + i * 10}" width="96" height="80" rx="4" fill="${l}" stroke="${d}" stroke-width="2"/>`).join('')}
     <rect x="30" y="74" width="140" height="112" rx="10" fill="${m}"/>
     <path d="M60 120 Q100 94 140 120 Q100 146 60 120 Z" fill="${l}" opacity="0.85"/>`,
  scrubber: ({ m, d }) =>
    `<circle cx="100" cy="104" r="76" fill="${m}"/>
     ${Array.from({ length: 10 }, (_, i) => `<path d="M${40 + i * 12} ${60 + ((i * 37) % 30)} q12 18 -4 40" fill="none" stroke="${d}" stroke-width="3" opacity="0.6"/>`).join('')}
     <circle cx="100" cy="104" r="76" fill="none" stroke="${d}" stroke-width="5"/>
     <path d="M100 28 Q110 8 126 14" fill="none" stroke="${d}" stroke-width="4"/>`,
  tablets: ({ m, d, l }) =>
    `<ellipse cx="100" cy="160" rx="86" ry="24" fill="${d}" opacity="0.4"/>
     ${[
       [60, 120],
       [104, 110],
       [146, 128],
       [84, 150],
       [126, 156],
     ]
       .map(
         ([x, y]) =>
           `<ellipse cx="${x}" cy="${y! + 6}" rx="26" ry="12" fill="${d}"/><ellipse cx="${x}" cy="${y}" rx="26" ry="12" fill="${m}"/><path d="M${x! - 10} ${y} L${x! + 10} ${y}" stroke="${l}" stroke-width="3"/>`,
       )
       .join('')}`,
  pencils: ({ m, d, l }) =>
    [-18, 0, 18]
      .map(
        (r, i) =>
          `<g transform="rotate(${r} 100 190)"><rect x="90" y="40" width="20" height="140" fill="${i === 1 ? m : i ? d : l}"/>
           <path d="M90 40 L100 10 L110 40 Z" fill="#e8d2b0"/><path d="M96 22 L100 10 L104 22 Z" fill="#3b3a36"/>
           <rect x="90" y="168" width="20" height="16" fill="${d}" opacity="0.6"/></g>`,
      )
      .join(''),
  paintbrush: ({ m, d, l }) =>
    `<g transform="rotate(35 100 100)"><rect x="92" y="84" width="16" height="116" rx="8" fill="${m}"/>
     <rect x="88" y="60" width="24" height="30" rx="3" fill="${l}"/>
     <path d="M88 60 Q86 30 100 4 Q114 30 112 60 Z" fill="${d}"/></g>`,
  sketchbook: ({ m, d, l }) =>
    `<rect x="40" y="20" width="128" height="168" rx="8" fill="${d}"/>
     <rect x="32" y="16" width="128" height="168" rx="8" fill="${m}"/>
     <rect x="132" y="16" width="10" height="168" fill="${d}"/>
     <rect x="52" y="56" width="64" height="40" rx="4" fill="${l}"/>
     ${[30, 48, 66, 84, 102, 120, 138, 156, 174].map((y) => `<circle cx="38" cy="${y}" r="3" fill="${l}"/>`).join('')}`,
  palette: ({ m, d, l }) =>
    `<rect x="14" y="50" width="172" height="108" rx="14" fill="${m}"/>
     ${['#c0714f', '#d4a24c', '#9caf88', '#1f3d2b', '#7d97a8', '#d9a5a0', '#8a5a3b', '#3b3a36']
       .map(
         (fill, i) =>
           `<rect x="${28 + (i % 4) * 40}" y="${64 + Math.floor(i / 4) * 44}" width="32" height="36" rx="6" fill="${fill}" stroke="${l}" stroke-width="3"/>`,
       )
       .join('')}
     <path d="M14 158 L186 158" stroke="${d}" stroke-width="4"/>`,
  crayons: ({ m, d }) =>
    ['#c0714f', '#d4a24c', '#9caf88', '#7d97a8', m]
      .map(
        (fill, i) =>
          `<rect x="${22 + i * 32}" y="${60 + (i % 2) * 18}" width="26" height="110" rx="6" fill="${fill}"/><path d="M${22 + i * 32} ${92 + (i % 2) * 18} l26 0" stroke="${d}" stroke-width="3" opacity="0.5"/>`,
      )
      .join(''),
  ink: ({ m, d, l }) =>
    `<rect x="76" y="18" width="48" height="34" rx="6" fill="${d}"/>
     <path d="M60 52 L140 52 L168 96 L168 178 Q168 190 156 190 L44 190 Q32 190 32 178 L32 96 Z" fill="${m}"/>
     <rect x="50" y="110" width="100" height="52" rx="6" fill="${l}"/>
     <path d="M100 122 Q112 138 100 150 Q88 138 100 122 Z" fill="${d}"/>`,
  leaf: ({ m, l }) =>
    `<path d="M30 170 Q30 40 170 30 Q160 170 30 170 Z" fill="${m}"/>
     <path d="M40 160 Q100 100 150 45" fill="none" stroke="${l}" stroke-opacity="0.6" stroke-width="6"/>`,
  table: ({ m, d }) =>
    `<rect x="15" y="55" width="170" height="20" rx="6" fill="${m}"/>
     <rect x="32" y="75" width="16" height="115" rx="4" fill="${m}"/>
     <rect x="152" y="75" width="16" height="115" rx="4" fill="${m}"/>
     <rect x="48" y="130" width="104" height="10" rx="4" fill="${d}"/>`,
} satisfies Record<string, Draw>;

export type Shape = keyof typeof SHAPES;
