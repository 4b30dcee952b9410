/**
 * The pseudo-language that tests layouts (issue 20): every catalogue text in accented letters and
 * 40% longer, word by word, as German and Spanish run longer than English, so a screen that only
 * fits English shows it. Never offered to members.
 */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'aáeéiíoóuúyýcçnñAÅEÉIÎOÖUÜYÝCÇNÑsšzžSŠZŽgĝGĜhĥHĤwŵWŴ'].flatMap((char, index, chars) => (index % 2 === 0 ? [[char, chars[index + 1]!]] : [])),
);

const GROWTH = 0.4;

function pseudoWord(word: string): string {
  const accented = [...word].map((char) => ACCENTED[char] ?? char).join('');
  const extra = Math.ceil(word.length * GROWTH);
  return accented + accented.repeat(Math.ceil(extra / accented.length)).slice(0, extra);
}

/** `text` with its words made pseudo; marked parts' tags (<link>) and the `keep` spans (values) stay as they are. */
export function pseudo(text: string, keep: readonly string[] = []): string {
  const kept = keep.filter(Boolean).map((span) => span.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const untouched = new RegExp(['<\\/?\\w+>', ...kept].join('|'), 'g');
  let out = '';
  let from = 0;
  for (const match of text.matchAll(untouched)) {
    out += text.slice(from, match.index).replace(/\p{L}+/gu, pseudoWord) + match[0];
    from = match.index + match[0].length;
  }
  return out + text.slice(from).replace(/\p{L}+/gu, pseudoWord);
}
