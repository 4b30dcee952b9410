import { STARTING_POINTS, text, texts } from '@swapyard/contract';
import en from './locales/terms.en.json';

/**
 * The community's terms, in plain words. The community rules of the trust and safety work may
 * replace them; until then they say what a member agrees to at registration.
 */
export const TERMS_TEXT = texts(
  'terms',
  { en, es: () => import('./locales/terms.es.json'), de: () => import('./locales/terms.de.json') },
  {
    heading: text(),
    updated: text(),
    /** Each section a title and its paragraphs, in the order termsSections shows them. */
    sections: {
      about: { title: text(), paragraph1: text() },
      points: { title: text(), paragraph1: text('points'), paragraph2: text() },
      listings: { title: text(), paragraph1: text(), paragraph2: text() },
      swaps: { title: text(), paragraph1: text(), paragraph2: text() },
      behaviour: { title: text(), paragraph1: text(), paragraph2: text() },
      data: { title: text(), paragraph1: text() },
    },
    backToRegister: text(),
  },
);

interface TermsSection {
  title: string;
  body: readonly string[];
}

/** The terms' sections in order, read in the language of the moment. */
export function termsSections(): readonly TermsSection[] {
  const { about, points, listings, swaps, behaviour, data } = TERMS_TEXT.sections;
  return [
    { title: about.title, body: [about.paragraph1] },
    { title: points.title, body: [points.paragraph1({ points: STARTING_POINTS }), points.paragraph2] },
    { title: listings.title, body: [listings.paragraph1, listings.paragraph2] },
    { title: swaps.title, body: [swaps.paragraph1, swaps.paragraph2] },
    { title: behaviour.title, body: [behaviour.paragraph1, behaviour.paragraph2] },
    { title: data.title, body: [data.paragraph1] },
  ];
}
