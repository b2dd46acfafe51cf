/**
 * Vector art for the seeded images: simple shapes and gradients only, no text (text would need fonts a fresh
 * machine may lack). Each function draws one product family on a 600×600 canvas.
 */
export type ArtKind =
  | 'drum'
  | 'bag'
  | 'powder'
  | 'granules'
  | 'pump'
  | 'valve'
  | 'gatevalve'
  | 'membrane'
  | 'pipes'
  | 'elbow'
  | 'instrument'
  | 'aerator'
  | 'tank'
  | 'filterpress'
  | 'flask'
  | 'grain'
  | 'bottles'
  | 'skid'
  | 'plant';

export interface Palette {
  main: string;
  dark: string;
  light: string;
  accent: string;
}

export const PALETTES: Palette[] = [
  { main: '#2f7fd8', dark: '#1b4f8f', light: '#8cc2f5', accent: '#f5b431' },
  { main: '#2fa57a', dark: '#1a6b4d', light: '#95dcbf', accent: '#f2f2f2' },
  { main: '#e0a82e', dark: '#9c6f12', light: '#f7dc92', accent: '#3b6fb6' },
  { main: '#d9dde3', dark: '#7d8794', light: '#f7f8fa', accent: '#2f7fd8' },
  { main: '#c75b39', dark: '#7d321b', light: '#f0a68c', accent: '#2b2b2b' },
  { main: '#3a3f47', dark: '#16191d', light: '#7b838f', accent: '#43b0e6' },
];

const grad = (id: string, a: string, b: string, vertical = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

/** Horizontally shaded body gradient (light edge → main → dark edge) for cylinders. */
const body = (id: string, p: Palette) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.dark}"/><stop offset="0.35" stop-color="${p.light}"/><stop offset="0.6" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`;

const shadow = (cx = 300, cy = 520, rx = 200) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="26" fill="#000" opacity="0.12"/>`;

const ART: Record<ArtKind, (p: Palette) => string> = {
  drum: (p) => `<defs>${body('b', p)}</defs>${shadow(300, 520, 150)}
    <rect x="170" y="110" width="260" height="410" rx="36" fill="url(#b)"/>
    ${[190, 300, 410].map((y) => `<rect x="162" y="${y}" width="276" height="18" rx="9" fill="${p.dark}" opacity="0.55"/>`).join('')}
    <ellipse cx="300" cy="112" rx="128" ry="22" fill="${p.light}"/><rect x="236" y="88" width="44" height="22" rx="6" fill="${p.dark}"/>
    <rect x="330" y="92" width="30" height="16" rx="5" fill="${p.dark}"/><rect x="215" y="235" width="170" height="56" rx="8" fill="#fff" opacity="0.85"/>
    <rect x="232" y="252" width="110" height="8" rx="4" fill="${p.main}"/><rect x="232" y="268" width="74" height="8" rx="4" fill="${p.accent}"/>`,
  bag: (p) => `<defs>${grad('b', p.light, p.main)}</defs>${shadow(300, 525, 190)}
    <path d="M150 150 Q300 120 450 150 L470 500 Q300 535 130 500 Z" fill="url(#b)" stroke="${p.dark}" stroke-width="4"/>
    <path d="M150 150 Q300 120 450 150 L446 118 Q300 92 154 118 Z" fill="${p.dark}"/>
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${170 + i * 32}" y1="128" x2="${170 + i * 32}" y2="112" stroke="${p.light}" stroke-width="4"/>`).join('')}
    <rect x="200" y="260" width="200" height="120" rx="10" fill="#fff" opacity="0.9"/><circle cx="245" cy="320" r="28" fill="${p.accent}"/>
    <rect x="285" y="296" width="95" height="12" rx="6" fill="${p.main}"/><rect x="285" y="322" width="70" height="12" rx="6" fill="${p.dark}" opacity="0.6"/>
    <path d="M140 430 Q300 455 460 430" stroke="${p.dark}" stroke-width="3" fill="none" opacity="0.4"/>`,
  powder: (p) => `<defs>${grad('b', p.light, p.main, true)}</defs>${shadow(300, 470, 230)}
    <ellipse cx="300" cy="440" rx="230" ry="56" fill="#e9eef3" stroke="#c5ced8" stroke-width="4"/>
    <path d="M110 440 Q180 250 300 210 Q420 250 490 440 Q300 480 110 440 Z" fill="url(#b)"/>
    ${Array.from({ length: 26 }, (_, i) => `<circle cx="${150 + ((i * 53) % 300)}" cy="${300 + ((i * 37) % 130)}" r="${3 + (i % 4)}" fill="${p.dark}" opacity="0.35"/>`).join('')}`,
  granules: (p) => `${shadow(300, 500, 230)}<ellipse cx="300" cy="470" rx="235" ry="60" fill="#e9eef3"/>
    ${Array.from({ length: 110 }, (_, i) => {
      // Golden-angle spiral over a half disc: an even, natural-looking heap.
      const r = Math.sqrt((i + 0.5) / 110);
      const a = i * 2.39996;
      const x = 300 + 205 * r * Math.cos(a);
      const y = 465 - 200 * r * Math.abs(Math.sin(a));
      return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${13 + (i % 5)}" ry="${10 + (i % 4)}" fill="${i % 3 ? p.main : p.dark}" stroke="${p.light}" stroke-width="2"/>`;
    }).join('')}`,
  pump: (p) => `<defs>${grad('m', p.light, p.dark, true)}${grad('v', p.main, p.dark)}</defs>${shadow(300, 500, 240)}
    <rect x="80" y="470" width="440" height="30" rx="6" fill="#5b6470"/>
    <rect x="90" y="250" width="230" height="180" rx="24" fill="url(#m)"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${105 + i * 26}" y="240" width="10" height="200" rx="4" fill="${p.dark}" opacity="0.45"/>`).join('')}
    <rect x="70" y="290" width="30" height="100" rx="8" fill="${p.dark}"/><rect x="320" y="315" width="40" height="50" fill="#8a939e"/>
    <circle cx="420" cy="340" r="95" fill="url(#v)"/><circle cx="420" cy="340" r="38" fill="${p.light}"/>
    <rect x="395" y="180" width="50" height="80" fill="url(#v)"/><rect x="380" y="168" width="80" height="20" rx="4" fill="${p.dark}"/>
    <rect x="500" y="315" width="50" height="50" fill="url(#v)"/><rect x="546" y="300" width="18" height="80" rx="4" fill="${p.dark}"/>
    <rect x="150" y="430" width="40" height="45" fill="#5b6470"/><rect x="395" y="430" width="50" height="45" fill="#5b6470"/>`,
  valve: (p) => `<defs>${grad('f', p.light, p.dark)}</defs>${shadow(300, 520, 190)}
    <circle cx="300" cy="340" r="160" fill="url(#f)"/><circle cx="300" cy="340" r="120" fill="#dfe5ec"/>
    ${Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return `<circle cx="${300 + 140 * Math.cos(a)}" cy="${340 + 140 * Math.sin(a)}" r="9" fill="${p.dark}"/>`;
    }).join('')}
    <ellipse cx="300" cy="340" rx="36" ry="116" fill="${p.main}" stroke="${p.dark}" stroke-width="5"/>
    <rect x="285" y="110" width="30" height="80" fill="${p.dark}"/><rect x="270" y="90" width="60" height="30" rx="6" fill="${p.main}"/>
    <rect x="300" y="92" width="190" height="22" rx="11" fill="${p.accent}"/>`,
  gatevalve: (p) => `<defs>${grad('f', p.light, p.dark)}</defs>${shadow(300, 530, 220)}
    <rect x="80" y="380" width="440" height="90" rx="12" fill="url(#f)"/><rect x="60" y="360" width="34" height="130" rx="6" fill="${p.dark}"/>
    <rect x="506" y="360" width="34" height="130" rx="6" fill="${p.dark}"/><path d="M210 380 L230 230 L370 230 L390 380 Z" fill="url(#f)"/>
    <rect x="288" y="110" width="24" height="130" fill="#9aa3ad"/>
    <ellipse cx="300" cy="110" rx="120" ry="26" fill="none" stroke="${p.accent}" stroke-width="16"/>
    <line x1="180" y1="110" x2="420" y2="110" stroke="${p.accent}" stroke-width="10"/>`,
  membrane: (p) => `<defs>${grad('c', p.light, p.dark, true)}</defs>${shadow(300, 470, 260)}
    <rect x="60" y="250" width="440" height="170" rx="20" fill="url(#c)"/>
    ${[130, 230, 330, 430].map((x) => `<rect x="${x}" y="250" width="10" height="170" fill="${p.dark}" opacity="0.35"/>`).join('')}
    <ellipse cx="500" cy="335" rx="55" ry="85" fill="${p.main}" stroke="${p.dark}" stroke-width="6"/>
    ${[70, 55, 40, 25].map((r) => `<ellipse cx="500" cy="335" rx="${r * 0.62}" ry="${r}" fill="none" stroke="${p.light}" stroke-width="4"/>`).join('')}
    <circle cx="500" cy="335" r="10" fill="${p.accent}"/>`,
  pipes: (p) => `${shadow(300, 520, 230)}
    ${[0, 1, 2, 3]
      .flatMap((row) =>
        Array.from({ length: 4 - (row % 2) }, (_, i) => {
          const cx = 150 + i * 100 + (row % 2) * 50;
          const cy = 450 - row * 86;
          return `<circle cx="${cx}" cy="${cy}" r="48" fill="${p.main}" stroke="${p.dark}" stroke-width="6"/><circle cx="${cx}" cy="${cy}" r="32" fill="#2a2f36"/><circle cx="${cx - 8}" cy="${cy - 8}" r="10" fill="${p.light}" opacity="0.4"/>`;
        }),
      )
      .join('')}`,
  elbow: (p) => `<defs>${grad('e', p.light, p.dark)}</defs>${shadow(300, 520, 200)}
    <path d="M120 470 L120 330 Q120 170 280 170 L440 170 L440 260 L290 260 Q210 260 210 340 L210 470 Z" fill="url(#e)"/>
    <rect x="100" y="460" width="130" height="30" rx="6" fill="${p.dark}"/><rect x="430" y="150" width="30" height="130" rx="6" fill="${p.dark}"/>`,
  instrument: (p) => `<defs>${grad('i', p.light, p.main, true)}</defs>${shadow(300, 520, 200)}
    <rect x="140" y="120" width="320" height="380" rx="26" fill="url(#i)" stroke="${p.dark}" stroke-width="5"/>
    <rect x="175" y="160" width="250" height="150" rx="10" fill="#13202e"/>
    <polyline points="190,270 230,240 260,255 300,200 340,225 380,190 410,210" fill="none" stroke="#4be39a" stroke-width="6"/>
    ${[0, 1, 2].map((i) => `<circle cx="${220 + i * 80}" cy="370" r="24" fill="${i === 1 ? p.accent : p.dark}"/>`).join('')}
    <rect x="195" y="420" width="210" height="40" rx="8" fill="${p.dark}" opacity="0.5"/>
    <path d="M460 420 Q540 440 520 540" stroke="#333" stroke-width="10" fill="none"/>`,
  aerator: (p) => `<defs><radialGradient id="d"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.main}"/></radialGradient></defs>${shadow(300, 470, 230)}
    <ellipse cx="300" cy="390" rx="230" ry="90" fill="${p.dark}"/><ellipse cx="300" cy="370" rx="225" ry="86" fill="url(#d)"/>
    ${Array.from({ length: 60 }, (_, i) => {
      const a = i * 2.4;
      const r = 12 + (i * 3.3) % 190;
      return `<circle cx="${300 + r * Math.cos(a)}" cy="${370 + r * 0.38 * Math.sin(a)}" r="3" fill="${p.dark}"/>`;
    }).join('')}
    ${Array.from({ length: 14 }, (_, i) => `<circle cx="${160 + ((i * 97) % 280)}" cy="${120 + ((i * 61) % 190)}" r="${6 + (i % 4) * 3}" fill="none" stroke="${p.main}" stroke-width="3" opacity="0.7"/>`).join('')}`,
  tank: (p) => `<defs>${body('t', p)}</defs>${shadow(300, 530, 170)}
    <rect x="190" y="130" width="220" height="330" fill="url(#t)"/><ellipse cx="300" cy="130" rx="110" ry="34" fill="${p.light}"/>
    <path d="M190 460 Q300 520 410 460" fill="${p.dark}"/>
    ${[210, 390].map((x) => `<rect x="${x - 6}" y="470" width="12" height="60" fill="#5b6470"/>`).join('')}
    <rect x="410" y="220" width="80" height="24" fill="#8a939e"/><rect x="110" y="380" width="80" height="24" fill="#8a939e"/>
    <circle cx="300" cy="260" r="30" fill="#fff" stroke="${p.dark}" stroke-width="5"/><line x1="300" y1="260" x2="318" y2="244" stroke="${p.accent}" stroke-width="5"/>`,
  filterpress: (p) => `${shadow(300, 500, 260)}
    <rect x="40" y="440" width="520" height="30" rx="6" fill="#5b6470"/><rect x="60" y="170" width="40" height="280" fill="${p.dark}"/>
    <rect x="500" y="170" width="40" height="280" fill="${p.dark}"/><rect x="60" y="180" width="480" height="14" fill="#8a939e"/>
    ${Array.from({ length: 13 }, (_, i) => `<rect x="${112 + i * 29}" y="205" width="24" height="225" rx="4" fill="${i % 2 ? p.main : p.light}" stroke="${p.dark}" stroke-width="2"/>`).join('')}`,
  flask: (p) => `<defs>${grad('l', p.light, p.main, true)}</defs>${shadow(300, 520, 170)}
    <path d="M255 110 L255 250 L150 470 Q145 505 185 505 L415 505 Q455 505 450 470 L345 250 L345 110 Z" fill="#eef4fa" stroke="#9fb3c8" stroke-width="6" opacity="0.95"/>
    <path d="M200 370 L400 370 L450 470 Q455 505 415 505 L185 505 Q145 505 150 470 Z" fill="url(#l)"/>
    <rect x="240" y="92" width="120" height="26" rx="8" fill="#9fb3c8"/>
    ${[0, 1, 2, 3].map((i) => `<circle cx="${250 + i * 35}" cy="${420 + (i % 2) * 30}" r="${6 + i * 2}" fill="#fff" opacity="0.6"/>`).join('')}`,
  grain: (p) => `${shadow(300, 500, 250)}
    <path d="M60 480 Q200 220 300 200 Q400 220 540 480 Z" fill="${p.main}"/>
    ${Array.from({ length: 160 }, (_, i) => {
      const x = 90 + ((i * 89) % 420);
      const top = 480 - (260 - Math.abs(x - 300) * 1.1);
      const y = top + 10 + ((i * 53) % Math.max(20, 470 - top));
      return y < 478 ? `<ellipse cx="${x}" cy="${y}" rx="7" ry="4" transform="rotate(${(i * 37) % 180} ${x} ${y})" fill="${i % 2 ? p.light : p.dark}"/>` : '';
    }).join('')}`,
  bottles: (p) => `${shadow(300, 520, 230)}
    ${[
      [170, 0.9],
      [300, 1.1],
      [430, 0.8],
    ]
      .map(([x, s]) => {
        const h = 260 * (s as number);
        const top = 500 - h;
        return `<rect x="${(x as number) - 55}" y="${top}" width="110" height="${h}" rx="18" fill="${p.light}" stroke="${p.dark}" stroke-width="5"/><rect x="${(x as number) - 25}" y="${top - 50}" width="50" height="56" rx="6" fill="${p.dark}"/><rect x="${(x as number) - 40}" y="${top + h * 0.35}" width="80" height="${h * 0.3}" rx="6" fill="#fff"/><rect x="${(x as number) - 28}" y="${top + h * 0.42}" width="56" height="10" rx="5" fill="${p.main}"/>`;
      })
      .join('')}`,
  skid: (p) => `<defs>${grad('k', p.light, p.main, true)}</defs>${shadow(300, 510, 260)}
    <rect x="50" y="460" width="500" height="26" fill="#5b6470"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${80 + i * 95}" y="200" width="70" height="260" rx="35" fill="url(#k)" stroke="${p.dark}" stroke-width="3"/>`).join('')}
    <rect x="60" y="160" width="480" height="16" fill="${p.accent}"/><rect x="460" y="300" width="80" height="160" rx="6" fill="${p.dark}"/>
    <rect x="60" y="420" width="400" height="14" fill="#8a939e"/>`,
  plant: (p) => `<defs>${grad('s', p.light, '#ffffff', true)}</defs><rect x="0" y="0" width="600" height="600" fill="url(#s)"/>
    <rect x="0" y="470" width="600" height="130" fill="${p.dark}" opacity="0.25"/>
    ${[120, 300, 480].map((cx) => `<ellipse cx="${cx}" cy="430" rx="80" ry="28" fill="${p.main}"/><rect x="${cx - 80}" y="380" width="160" height="50" fill="${p.main}"/><ellipse cx="${cx}" cy="380" rx="80" ry="28" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>`).join('')}
    <rect x="360" y="170" width="120" height="170" fill="#9aa3ad"/><rect x="390" y="110" width="26" height="70" fill="#7b838f"/>
    ${[0, 1, 2].map((i) => `<rect x="${375 + i * 35}" y="200" width="22" height="30" fill="${p.accent}"/>`).join('')}`,
};

/** A family's drawing as an SVG fragment of `size` px at (x, y), for composing into banners. */
export function productArt(kind: ArtKind, p: Palette, x: number, y: number, size: number): string {
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 600 600">${ART[kind](p)}</svg>`;
}

/** A square product picture: soft background plus the family's drawing. */
export function productSvg(kind: ArtKind, p: Palette, size = 600, transparent = false): string {
  const bg = transparent
    ? ''
    : `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e6edf5"/></radialGradient></defs><rect width="600" height="600" fill="url(#bg)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">${bg}${ART[kind](p)}</svg>`;
}
