import type { ReactNode } from 'react';

// Web addresses as members type them; what follows a space, a quote or an angle bracket is not part of one.
const ADDRESS = /https?:\/\/[^\s<>"']+/g;
// A sentence's closing punctuation after an address belongs to the sentence.
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * A member's text with its web addresses as links. They open in a new tab, tell search engines the
 * member wrote them (ugc, nofollow) and give the opened page no handle on this one (noopener).
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    parts.push(text.slice(rest, match.index));
    parts.push(
      <a
        key={match.index}
        href={address}
        target="_blank"
        rel="noopener nofollow ugc"
        className="font-medium underline underline-offset-2 hover:no-underline"
      >
        {address}
      </a>,
    );
    rest = match.index + address.length;
  }
  parts.push(text.slice(rest));
  return <>{parts}</>;
}
