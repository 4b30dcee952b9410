import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownLite } from './markdown-lite.tsx';

const render = (text: string) => renderToStaticMarkup(<MarkdownLite text={text} />).replace(/^<div[^>]*>|<\/div>$/g, '');

describe('the rules as markdown-lite', () => {
  it('makes paragraphs of blocks, keeping single line breaks', () => {
    expect(render('First line\nsecond line\n\nAnother paragraph')).toBe('<p>First line<br/>second line</p><p>Another paragraph</p>');
  });

  it('makes bullet and numbered lists', () => {
    expect(render('- one\n* two')).toMatch(/^<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>$/);
    expect(render('1. first\n2) second')).toMatch(/^<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>$/);
  });

  it('makes bold text and links to web and mail addresses, opened in a new tab', () => {
    const html = render('Be **kind**, read [the guide](https://example.org/guide) or [write](mailto:hi@example.org).');
    expect(html).toContain('<strong>kind</strong>');
    expect(html).toMatch(/<a href="https:\/\/example.org\/guide" target="_blank" rel="noopener noreferrer nofollow"[^>]*>the guide<\/a>/);
    expect(html).toContain('href="mailto:hi@example.org"');
  });

  it('shows HTML and script addresses as text, never as markup', () => {
    const html = render('<img src=x onerror=alert(1)> [click](javascript:alert(1)) **<b>x</b>**');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('[click](javascript:alert(1))');
    expect(html).toContain('<strong>&lt;b&gt;x&lt;/b&gt;</strong>');
  });
});
