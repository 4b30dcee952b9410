/**
 * The start of a text, counted in whole characters: String.slice counts UTF-16 units and can cut
 * an emoji in half, leaving a lone surrogate that is not valid text.
 */
export function firstCharacters(text: string, count: number): string {
  return Array.from(text).slice(0, count).join('');
}
