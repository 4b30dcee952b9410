/** The place picker's words, beside it so only the pages that show it download them. */
export const PLACE_PICKER_TEXT = {
  placeholder: 'Type a town, then choose it',
  searching: 'Searching places…',
  noMatch: (text: string) => `No town starts with “${text}”.`,
  failed: 'Places could not be loaded. Try again in a moment.',
  found: (count: number) => `${String(count)} ${count === 1 ? 'place' : 'places'} found. Use the up and down arrows to choose.`,
  chosen: (label: string) => `${label} chosen.`,
} as const;
