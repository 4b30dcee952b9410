import type { ReactNode } from 'react';

/*
 * The community rules' markdown-lite, rendered as React elements and never as HTML: whatever an
 * admin types is text, so nothing in it can run. Paragraphs are separated by a blank line; a block
 * of lines starting with "- " or "* " is a list, with "1. " a numbered one; **bold** and
 * [a link](https://...) work inside any of them. Anything else shows as typed.
 */

const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const BULLET = /^\s*[-*]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** Only addresses a reader would expect a rules page to open; "javascript:" and the like stay text. */
function safeHref(address: string): string | undefined {
  try {
    const url = new URL(address);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function inline(text: string, key: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(INLINE)) {
    parts.push(text.slice(rest, match.index));
    const [whole, bold, label, address] = match;
    const partKey = `${key}-${String(match.index)}`;
    if (bold !== undefined) {
      parts.push(<strong key={partKey}>{inline(bold, partKey)}</strong>);
    } else {
      const href = safeHref(address!);
      parts.push(
        href ? (
          <a key={partKey} href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-emerald-800 underline underline-offset-2 hover:no-underline">
            {label}
          </a>
        ) : (
          whole
        ),
      );
    }
    rest = match.index + whole.length;
  }
  parts.push(text.slice(rest));
  return parts;
}

/** A paragraph keeps its single line breaks. */
function lines(block: string[], key: string): ReactNode[] {
  return block.flatMap((line, index) => (index === 0 ? inline(line, `${key}-${String(index)}`) : [<br key={`${key}-br-${String(index)}`} />, ...inline(line, `${key}-${String(index)}`)]));
}

export function MarkdownLite({ text, className = '' }: { text: string; className?: string }) {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((block) => block.length > 0);
  return (
    <div className={`flex flex-col gap-3 text-sm leading-relaxed text-stone-700 ${className}`}>
      {blocks.map((block, index) => {
        const key = String(index);
        if (block.every((line) => BULLET.test(line))) {
          return (
            <ul key={key} className="list-disc space-y-1 pl-5">
              {block.map((line, item) => (
                <li key={item}>{inline(line.replace(BULLET, ''), `${key}-${String(item)}`)}</li>
              ))}
            </ul>
          );
        }
        if (block.every((line) => NUMBERED.test(line))) {
          return (
            <ol key={key} className="list-decimal space-y-1 pl-5">
              {block.map((line, item) => (
                <li key={item}>{inline(line.replace(NUMBERED, ''), `${key}-${String(item)}`)}</li>
              ))}
            </ol>
          );
        }
        return <p key={key}>{lines(block, key)}</p>;
      })}
    </div>
  );
}
