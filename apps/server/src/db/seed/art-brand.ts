import { productArt, type ArtKind, type Palette } from './art.ts';

/**
 * Banners, logos and small icons for the seed: gradients and geometric marks only (no text, so no fonts).
 */

/**
 * A wide banner: a deep gradient with waves, bubbles and a variant motif. With `art`, a product family is
 * drawn on a soft halo: in the middle (`at` 0.5) for carousels that crop both sides, or on the right for a
 * hero whose text sits on the left.
 */
export function bannerSvg(w: number, h: number, p: Palette, variant: number, art?: { kind: ArtKind; palette: Palette; at?: number }): string {
  const waves = [0, 1, 2]
    .map((i) => {
      const y = h * (0.62 + i * 0.12);
      const amp = h * (0.08 + 0.03 * ((variant + i) % 3));
      return `<path d="M0 ${y} C ${w * 0.25} ${y - amp}, ${w * 0.5} ${y + amp}, ${w} ${y - amp * 0.5} L ${w} ${h} L 0 ${h} Z" fill="#fff" opacity="${0.08 + i * 0.05}"/>`;
    })
    .join('');
  const bubbles = Array.from({ length: 18 }, (_, i) => {
    const x = (w * ((i * 37 + variant * 11) % 100)) / 100;
    const y = (h * ((i * 53 + variant * 7) % 70)) / 100;
    const r = (h / 60) * (1 + ((i + variant) % 5));
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="#fff" opacity="0.12"/>`;
  }).join('');
  const cx = art ? w * 0.76 : w * 0.7;
  const cy = h * 0.45;
  const s = art ? h * 0.22 : h * 0.32;
  // A hero (product on the right) sits a little higher and smaller: the page overlaps its bottom edge.
  const hero = (art?.at ?? 0.5) > 0.6;
  const size = h * (hero ? 0.72 : 0.82);
  const ax = w * (art?.at ?? 0.5);
  const ay = h * (hero ? 0.44 : 0.51);
  const center = art
    ? `<circle cx="${ax}" cy="${ay}" r="${size * 0.51}" fill="#fff" opacity="0.9"/>${productArt(art.kind, art.palette, ax - size / 2, ay - size / 2, size)}`
    : '';
  const motifs = [
    // water drop
    `<path d="M${cx} ${cy - s * 1.2} C ${cx + s} ${cy}, ${cx + s * 0.8} ${cy + s}, ${cx} ${cy + s} C ${cx - s * 0.8} ${cy + s}, ${cx - s} ${cy}, ${cx} ${cy - s * 1.2} Z" fill="#fff" opacity="0.85"/>`,
    // leaf
    `<path d="M${cx - s} ${cy + s * 0.8} C ${cx - s} ${cy - s}, ${cx + s * 0.6} ${cy - s}, ${cx + s} ${cy - s * 1.1} C ${cx + s * 0.9} ${cy + s * 0.2}, ${cx} ${cy + s}, ${cx - s} ${cy + s * 0.8} Z" fill="#fff" opacity="0.85"/>`,
    // factory tanks
    `${[-1, 0, 1].map((k) => `<rect x="${cx + k * s * 0.9 - s * 0.35}" y="${cy - s * 0.4}" width="${s * 0.7}" height="${s * 1.2}" rx="${s * 0.1}" fill="#fff" opacity="${0.6 + k * 0.1}"/>`).join('')}`,
    // gear-like ring
    `<circle cx="${cx}" cy="${cy}" r="${s}" fill="none" stroke="#fff" stroke-width="${s * 0.28}" stroke-dasharray="${s * 0.3} ${s * 0.18}" opacity="0.8"/><circle cx="${cx}" cy="${cy}" r="${s * 0.45}" fill="#fff" opacity="0.8"/>`,
    // bar chart
    `${[0, 1, 2, 3].map((k) => `<rect x="${cx - s + k * s * 0.55}" y="${cy + s - s * (0.5 + k * 0.45)}" width="${s * 0.38}" height="${s * (0.5 + k * 0.45)}" fill="#fff" opacity="0.8"/>`).join('')}`,
    // pipes
    `${[0, 1, 2].map((k) => `<circle cx="${cx - s * 0.9 + k * s * 0.9}" cy="${cy}" r="${s * 0.4}" fill="none" stroke="#fff" stroke-width="${s * 0.16}" opacity="0.8"/>`).join('')}`,
  ];
  // A banner whose product sits on the right (site hero, text on the left) needs no extra motif.
  const motif = art && hero ? '' : motifs[variant % motifs.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.main}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>${bubbles}${waves}${motif}${center}
    </svg>`;
}

const MARKS = [
  (c: string) => `<path d="M100 30 C 150 95, 150 130, 100 165 C 50 130, 50 95, 100 30 Z" fill="${c}"/>`,
  (c: string) => `<polygon points="100,28 162,64 162,136 100,172 38,136 38,64" fill="${c}"/><polygon points="100,62 132,81 132,119 100,138 68,119 68,81" fill="#fff"/>`,
  (c: string) => `<circle cx="100" cy="100" r="70" fill="${c}"/><path d="M40 110 Q70 80 100 110 T160 110" stroke="#fff" stroke-width="14" fill="none"/>`,
  (c: string) => `<path d="M45 150 C 45 60, 120 40, 160 40 C 160 120, 110 160, 45 150 Z" fill="${c}"/><path d="M55 145 L140 60" stroke="#fff" stroke-width="8"/>`,
  (c: string) => `<rect x="35" y="35" width="130" height="130" rx="30" fill="${c}"/><circle cx="100" cy="100" r="38" fill="#fff"/><circle cx="100" cy="100" r="18" fill="${c}"/>`,
  (c: string) => `<polygon points="100,30 170,160 30,160" fill="${c}"/><polygon points="100,80 135,145 65,145" fill="#fff"/>`,
  (c: string) => `<circle cx="75" cy="100" r="45" fill="${c}"/><circle cx="125" cy="100" r="45" fill="${c}" opacity="0.6"/>`,
  (c: string) => `<rect x="40" y="40" width="55" height="55" rx="10" fill="${c}"/><rect x="105" y="40" width="55" height="55" rx="10" fill="${c}" opacity="0.7"/><rect x="40" y="105" width="55" height="55" rx="10" fill="${c}" opacity="0.5"/><rect x="105" y="105" width="55" height="55" rx="10" fill="${c}"/>`,
];
export const MARK_COUNT = MARKS.length;

/** A square company logo: a mark on a white tile. */
export function logoSvg(mark: number, color: string, size = 200): string {
  const draw = MARKS[mark % MARKS.length] as (c: string) => string;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200"><rect width="200" height="200" rx="24" fill="#fff"/>${draw(color)}</svg>`;
}

/** A wide partner logo: the mark plus two bars standing in for a word mark. */
export function partnerSvg(mark: number, color: string): string {
  const draw = MARKS[mark % MARKS.length] as (c: string) => string;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="100" viewBox="0 0 480 200"><rect width="480" height="200" fill="#fff"/><g transform="translate(10 0)">${draw(color)}</g>
    <rect x="220" y="70" width="${180 + (mark % 3) * 20}" height="26" rx="13" fill="${color}"/><rect x="220" y="112" width="${120 + (mark % 4) * 15}" height="18" rx="9" fill="${color}" opacity="0.5"/></svg>`;
}

const GLYPHS = [
  // shield (guarantee)
  (c: string) => `<path d="M50 12 L84 24 L84 50 C 84 70, 68 84, 50 90 C 32 84, 16 70, 16 50 L16 24 Z" fill="${c}"/><path d="M34 50 L46 62 L68 38" stroke="#fff" stroke-width="8" fill="none"/>`,
  // truck (delivery)
  (c: string) => `<rect x="8" y="30" width="54" height="36" rx="4" fill="${c}"/><path d="M62 40 L80 40 L92 54 L92 66 L62 66 Z" fill="${c}"/><circle cx="26" cy="72" r="9" fill="#fff" stroke="${c}" stroke-width="5"/><circle cx="76" cy="72" r="9" fill="#fff" stroke="${c}" stroke-width="5"/>`,
  // card (payment)
  (c: string) => `<rect x="10" y="22" width="80" height="56" rx="8" fill="${c}"/><rect x="10" y="34" width="80" height="10" fill="#fff" opacity="0.8"/><rect x="20" y="58" width="26" height="8" rx="4" fill="#fff"/>`,
  // headset (after-sales)
  (c: string) => `<path d="M18 56 C 18 24, 82 24, 82 56" stroke="${c}" stroke-width="9" fill="none"/><rect x="10" y="50" width="18" height="30" rx="6" fill="${c}"/><rect x="72" y="50" width="18" height="30" rx="6" fill="${c}"/>`,
];
export const GLYPH_COUNT = GLYPHS.length;

export function glyphSvg(glyph: number, color: string): string {
  const draw = GLYPHS[glyph % GLYPHS.length] as (c: string) => string;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 100 100">${draw(color)}</svg>`;
}
