import type { ReactNode } from 'react';

const PART = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A translated sentence with marked parts, "I agree to the <link>community rules</link>": each
 * <name>…</name> is drawn by `parts[name]`, so every language places the link where its grammar puts it.
 */
export function RichText({ text, parts }: { text: string; parts: Readonly<Record<string, (label: string) => ReactNode>> }) {
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(PART)) {
    const [whole, name = '', label = ''] = match;
    nodes.push(text.slice(from, match.index), <span key={match.index}>{parts[name]?.(label) ?? label}</span>);
    from = match.index + whole.length;
  }
  nodes.push(text.slice(from));
  return <>{nodes}</>;
}
