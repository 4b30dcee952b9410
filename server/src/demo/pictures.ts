import type { Category } from '@swapyard/contract';
import sharp from 'sharp';
import { initialsOf, strokeText } from './stroke-font.ts';

/**
 * Pictures made on this machine for the demo community (nothing is downloaded): a listing is a
 * simple scene of its category on a gradient with its initials on a tag; an avatar is initials on a
 * gradient. Colours and layout follow from the text, so a seed always draws the same pictures.
 */

export interface Palette {
  from: string;
  to: string;
  accent: string;
  shade: string;
}

const PALETTES: Palette[] = [
  { from: '#fde8d7', to: '#f4a582', accent: '#d6604d', shade: '#a63d2f' },
  { from: '#e0f3f8', to: '#91bfdb', accent: '#4575b4', shade: '#2c4f85' },
  { from: '#e5f5e0', to: '#a1d99b', accent: '#31a354', shade: '#1d6b35' },
  { from: '#fff7bc', to: '#fec44f', accent: '#d95f0e', shade: '#993404' },
  { from: '#efedf5', to: '#bcbddc', accent: '#756bb1', shade: '#54278f' },
  { from: '#fde0ef', to: '#f1b6da', accent: '#c51b7d', shade: '#8e0152' },
  { from: '#e0f2f1', to: '#80cbc4', accent: '#00897b', shade: '#00564d' },
  { from: '#f5f5f5', to: '#bdbdbd', accent: '#546e7a', shade: '#37474f' },
];

/** Scenes are drawn on an 800 x 600 canvas and rendered at 640 x 480: plenty for a card, and quick to seed. */
const WIDTH = 800;
const HEIGHT = 600;
const SCALE = 0.8;

/** FNV-1a: a small stable hash, so the same title always gets the same colours. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function paletteOf(text: string, shift = 0): Palette {
  return PALETTES[(hashOf(text) + shift) % PALETTES.length]!;
}

function gradient(id: string, palette: Palette): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`;
}

/** Soft out-of-focus circles behind the object, placed by the hash. */
function bokeh(seed: number): string {
  let state = seed || 1;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: 7 }, () => {
    const r = 30 + next() * 90;
    return `<circle cx="${(next() * WIDTH).toFixed(0)}" cy="${(next() * HEIGHT).toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" opacity="${(0.08 + next() * 0.14).toFixed(2)}"/>`;
  }).join('');
}

function scene(category: Category, p: Palette): string {
  switch (category) {
    case 'Electronics':
      return `<rect x="250" y="160" width="300" height="196" rx="16" fill="#263238"/>
        <rect x="266" y="176" width="268" height="164" rx="6" fill="${p.accent}"/>
        <path d="M266 290 L360 230 L430 280 L480 250 L534 290 L534 340 L266 340 Z" fill="${p.shade}" opacity="0.8"/>
        <circle cx="470" cy="215" r="18" fill="#ffffff" opacity="0.7"/>
        <rect x="385" y="356" width="30" height="44" fill="#37474f"/>
        <rect x="315" y="398" width="170" height="16" rx="8" fill="#37474f"/>`;
    case 'Furniture':
      return `<rect x="285" y="165" width="230" height="170" rx="34" fill="${p.accent}"/>
        <rect x="270" y="300" width="260" height="62" rx="20" fill="${p.shade}"/>
        <rect x="236" y="245" width="64" height="130" rx="26" fill="${p.accent}"/>
        <rect x="500" y="245" width="64" height="130" rx="26" fill="${p.accent}"/>
        <rect x="262" y="372" width="18" height="44" rx="5" fill="#5d4037"/>
        <rect x="520" y="372" width="18" height="44" rx="5" fill="#5d4037"/>`;
    case 'Clothing':
      return `<path d="M330 165 L255 198 L212 272 L272 300 L295 262 L295 425 L505 425 L505 262 L528 300 L588 272 L545 198 L470 165 Q400 218 330 165 Z" fill="${p.accent}"/>
        <path d="M330 165 Q400 218 470 165" fill="none" stroke="${p.shade}" stroke-width="10"/>
        <rect x="295" y="395" width="210" height="12" fill="${p.shade}" opacity="0.5"/>`;
    case 'Books':
      return `<rect x="255" y="345" width="290" height="62" rx="6" fill="${p.shade}"/>
        <rect x="280" y="283" width="250" height="62" rx="6" fill="${p.accent}"/>
        <rect x="268" y="221" width="236" height="62" rx="6" fill="#fafafa"/>
        <rect x="268" y="221" width="30" height="62" fill="${p.shade}"/>
        <rect x="300" y="370" width="200" height="8" rx="4" fill="#ffffff" opacity="0.7"/>
        <rect x="320" y="308" width="170" height="8" rx="4" fill="#ffffff" opacity="0.7"/>
        <rect x="320" y="246" width="150" height="8" rx="4" fill="${p.accent}" opacity="0.8"/>`;
    case 'Sports':
      return `<circle cx="400" cy="285" r="125" fill="${p.accent}"/>
        <path d="M298 212 Q400 285 298 358" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/>
        <path d="M502 212 Q400 285 502 358" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/>
        <circle cx="355" cy="235" r="26" fill="#ffffff" opacity="0.25"/>`;
    case 'Services':
      return `<rect x="280" y="160" width="240" height="245" rx="22" fill="#ffffff"/>
        <path d="M280 230 L280 182 Q280 160 302 160 L498 160 Q520 160 520 182 L520 230 Z" fill="${p.accent}"/>
        <rect x="325" y="140" width="16" height="44" rx="8" fill="${p.shade}"/>
        <rect x="459" y="140" width="16" height="44" rx="8" fill="${p.shade}"/>
        <path d="M335 318 L382 362 L468 270" fill="none" stroke="${p.accent}" stroke-width="24" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'Other':
      return `<rect x="280" y="255" width="240" height="160" rx="8" fill="${p.accent}"/>
        <rect x="264" y="215" width="272" height="52" rx="8" fill="${p.shade}"/>
        <rect x="385" y="215" width="30" height="200" fill="#ffffff" opacity="0.9"/>
        <ellipse cx="368" cy="200" rx="38" ry="20" fill="none" stroke="#ffffff" stroke-width="12" transform="rotate(-20 368 200)"/>
        <ellipse cx="432" cy="200" rx="38" ry="20" fill="none" stroke="#ffffff" stroke-width="12" transform="rotate(20 432 200)"/>`;
  }
}

/** What a title names, drawn as itself: a tent is a tent, not the category's ball. First match wins. */
const OBJECTS: { words: RegExp; draw: (p: Palette) => string }[] = [
  {
    words: /\bbike\b|bicycle/,
    draw: (p) => `<circle cx="285" cy="345" r="80" fill="none" stroke="#263238" stroke-width="16"/>
      <circle cx="515" cy="345" r="80" fill="none" stroke="#263238" stroke-width="16"/>
      <path d="M285 345 L360 230 L480 230 L515 345 M360 230 L400 345 L480 230 M400 345 L285 345" fill="none" stroke="${p.accent}" stroke-width="16" stroke-linejoin="round"/>
      <rect x="335" y="205" width="60" height="16" rx="8" fill="${p.shade}"/>
      <path d="M480 230 L470 190 L505 185" fill="none" stroke="#263238" stroke-width="12" stroke-linecap="round"/>`,
  },
  {
    words: /tent/,
    draw: (p) => `<path d="M400 150 L590 415 L210 415 Z" fill="${p.accent}"/>
      <path d="M400 150 L470 415 L330 415 Z" fill="${p.shade}"/>
      <path d="M400 250 L440 415 L360 415 Z" fill="#263238" opacity="0.6"/>
      <path d="M400 150 L400 120" stroke="#263238" stroke-width="8"/>`,
  },
  {
    words: /camera|photo session/,
    draw: (p) => `<rect x="240" y="210" width="320" height="200" rx="26" fill="#263238"/>
      <rect x="300" y="180" width="110" height="44" rx="10" fill="#37474f"/>
      <circle cx="400" cy="310" r="78" fill="${p.shade}"/><circle cx="400" cy="310" r="52" fill="${p.accent}"/>
      <circle cx="380" cy="290" r="14" fill="#ffffff" opacity="0.6"/><rect x="500" y="230" width="34" height="18" rx="6" fill="${p.accent}"/>`,
  },
  {
    words: /lens/,
    draw: (p) => `<rect x="300" y="180" width="200" height="230" rx="30" fill="#263238"/>
      <rect x="300" y="240" width="200" height="40" fill="${p.shade}"/>
      <ellipse cx="400" cy="180" rx="100" ry="34" fill="#37474f"/><ellipse cx="400" cy="180" rx="70" ry="22" fill="${p.accent}"/>`,
  },
  {
    words: /lamp/,
    draw: (p) => `<path d="M320 160 L480 160 L520 260 L280 260 Z" fill="${p.accent}"/>
      <rect x="392" y="260" width="16" height="140" fill="#37474f"/>
      <ellipse cx="400" cy="410" rx="80" ry="18" fill="#37474f"/><circle cx="400" cy="275" r="18" fill="#fff59d"/>`,
  },
  {
    words: /chair|armchair/,
    draw: (p) => `<rect x="300" y="150" width="200" height="150" rx="20" fill="${p.accent}"/>
      <rect x="280" y="290" width="240" height="44" rx="14" fill="${p.shade}"/>
      <rect x="292" y="334" width="16" height="90" fill="#5d4037"/><rect x="492" y="334" width="16" height="90" fill="#5d4037"/>`,
  },
  {
    words: /table|desk|bench|dresser/,
    draw: (p) => `<rect x="220" y="250" width="360" height="36" rx="8" fill="${p.accent}"/>
      <rect x="245" y="286" width="20" height="130" fill="${p.shade}"/><rect x="535" y="286" width="20" height="130" fill="${p.shade}"/>
      <rect x="430" y="286" width="110" height="80" rx="6" fill="${p.shade}" opacity="0.8"/><rect x="470" y="320" width="30" height="8" rx="4" fill="#ffffff"/>`,
  },
  {
    words: /\bbed\b/,
    draw: (p) => `<rect x="210" y="200" width="30" height="220" rx="8" fill="#5d4037"/>
      <rect x="240" y="300" width="350" height="70" rx="10" fill="${p.accent}"/>
      <rect x="250" y="280" width="100" height="40" rx="18" fill="#ffffff"/>
      <rect x="560" y="270" width="30" height="150" rx="8" fill="#5d4037"/>`,
  },
  {
    words: /boots|shoes/,
    draw: (p) => `<path d="M250 250 L330 250 L345 330 Q460 340 540 370 Q560 400 530 410 L250 410 Z" fill="${p.accent}"/>
      <rect x="250" y="400" width="290" height="18" rx="8" fill="#263238"/>
      <path d="M300 290 L340 290 M305 320 L350 320" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>`,
  },
  {
    words: /racket/,
    draw: (p) => `<ellipse cx="400" cy="230" rx="95" ry="120" fill="none" stroke="${p.accent}" stroke-width="18"/>
      <path d="M340 170 L460 170 M320 230 L480 230 M340 290 L460 290 M360 120 L360 340 M400 112 L400 348 M440 120 L440 340" stroke="#ffffff" stroke-width="4"/>
      <rect x="388" y="350" width="24" height="90" rx="10" fill="${p.shade}"/>`,
  },
  {
    words: /dumbbell/,
    draw: (p) => `<rect x="300" y="290" width="200" height="20" rx="8" fill="#607d8b"/>
      <rect x="250" y="230" width="60" height="140" rx="12" fill="#263238"/><rect x="490" y="230" width="60" height="140" rx="12" fill="#263238"/>
      <rect x="220" y="250" width="30" height="100" rx="10" fill="${p.accent}"/><rect x="550" y="250" width="30" height="100" rx="10" fill="${p.accent}"/>`,
  },
  {
    words: /yoga|mat\b/,
    draw: (p) => `<rect x="200" y="330" width="400" height="70" rx="14" fill="${p.accent}"/>
      <circle cx="580" cy="300" r="60" fill="${p.shade}"/><circle cx="580" cy="300" r="36" fill="${p.accent}"/>
      <rect x="260" y="260" width="90" height="60" rx="8" fill="#d7b98e"/>`,
  },
  {
    words: /keyboard/,
    draw: (p) => `<rect x="190" y="240" width="420" height="160" rx="18" fill="#263238"/>
      ${Array.from({ length: 4 }, (_, row) => Array.from({ length: 10 }, (_, col) => `<rect x="${String(208 + col * 39)}" y="${String(256 + row * 35)}" width="32" height="28" rx="5" fill="${row === 3 && col > 2 && col < 7 ? p.accent : '#eceff1'}"/>`).join('')).join('')}`,
  },
  {
    words: /monitor|projector/,
    draw: (p) => `<rect x="210" y="150" width="380" height="230" rx="14" fill="#263238"/>
      <rect x="226" y="166" width="348" height="198" rx="6" fill="${p.accent}"/>
      <rect x="385" y="380" width="30" height="30" fill="#37474f"/><rect x="320" y="408" width="160" height="14" rx="7" fill="#37474f"/>`,
  },
  {
    words: /speaker/,
    draw: (p) => `<rect x="290" y="170" width="220" height="250" rx="40" fill="#263238"/>
      <circle cx="400" cy="330" r="60" fill="${p.accent}"/><circle cx="400" cy="330" r="22" fill="${p.shade}"/>
      <circle cx="400" cy="225" r="24" fill="${p.accent}"/>`,
  },
];

export function sceneFor(title: string, category: Category, palette: Palette): string {
  const lower = title.toLowerCase();
  return OBJECTS.find(({ words }) => words.test(lower))?.draw(palette) ?? scene(category, palette);
}

/**
 * A listing's picture. `view` 0 is the main photo; a further view mirrors the scene and shifts the
 * colours, like a second photo from another side.
 */
export function listingPicture(title: string, category: Category, view = 0): Promise<Buffer> {
  const palette = paletteOf(title, view * 3);
  const mirror = view % 2 === 1 ? ` transform="translate(${WIDTH} 0) scale(-1 1)"` : '';
  const initials = initialsOf(title);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * SCALE}" height="${HEIGHT * SCALE}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs>${gradient('bg', palette)}</defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    ${bokeh(hashOf(title) + view)}
    <ellipse cx="400" cy="440" rx="230" ry="34" fill="#000000" opacity="0.12"/>
    <g${mirror}>${sceneFor(title, category, palette)}</g>
    <rect x="36" y="36" width="${56 + initials.length * 62}" height="92" rx="20" fill="#ffffff" opacity="0.92"/>
    ${strokeText(initials, 36 + (56 + initials.length * 62) / 2, 82, 48, palette.shade)}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A member's avatar: their initials on a gradient of their own colours. */
export function avatarPicture(name: string): Promise<Buffer> {
  const palette = paletteOf(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.shade}"/></linearGradient></defs>
    <rect width="320" height="320" fill="url(#bg)"/>
    <circle cx="250" cy="70" r="90" fill="#ffffff" opacity="0.1"/>
    ${strokeText(initialsOf(name), 160, 160, 90, '#ffffff')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
