/**
 * Capital letters as strokes on a 4 x 6 grid, drawn as SVG paths: the demo's initials look the
 * same on every machine, with no system font to find (a server often has none).
 */
type Stroke = [number, number][];

const O: Stroke = [[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]];
const P: Stroke = [[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]];

const GLYPHS: Record<string, Stroke[]> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[0.7, 4], [3.3, 4]]],
  B: [[[0, 3], [0, 0], [3, 0], [4, 0.8], [4, 2.2], [3, 3], [0, 3], [0, 6], [3, 6], [4, 5.2], [4, 3.8], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2.5, 6], [4, 4.5], [4, 1.5], [2.5, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3.5], [2.5, 3.5]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  I: [[[1, 0], [3, 0]], [[2, 0], [2, 6]], [[1, 6], [3, 6]]],
  J: [[[4, 0], [4, 5], [3, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 4]], [[1.5, 2.5], [4, 6]]],
  L: [[[0, 0], [0, 6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3.5], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  O: [O],
  P: [P],
  Q: [O, [[2.5, 4.5], [4, 6]]],
  R: [P, [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
};

/** Up to two capitals from a name or title ("Maya Okafor" -> "MO", "Zoë" -> "Z"); accents dropped. */
export function initialsOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[^A-Za-z\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase();
}

/**
 * The letters as one SVG group of round-capped strokes, centred on (cx, cy), each `height` pixels tall.
 * Letters without a glyph are left out.
 */
export function strokeText(letters: string, cx: number, cy: number, height: number, color: string): string {
  const glyphs = [...letters].map((letter) => GLYPHS[letter]).filter((glyph) => glyph !== undefined);
  const unit = height / 6;
  const advance = 6.2 * unit;
  const left = cx - ((glyphs.length - 1) * advance + 4 * unit) / 2;
  const top = cy - height / 2;
  const paths = glyphs.flatMap((glyph, index) =>
    glyph.map((stroke) => {
      const points = stroke.map(([x, y]) => `${(left + index * advance + x * unit).toFixed(1)},${(top + y * unit).toFixed(1)}`);
      return `M${points.join('L')}`;
    }),
  );
  return `<path d="${paths.join(' ')}" fill="none" stroke="${color}" stroke-width="${(unit * 0.9).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}
