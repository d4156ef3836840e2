import { describe, expect, it } from 'vitest';
import { createMarkdown, escapeMarkdown, linkKind } from './markdown.ts';

const md = createMarkdown({ uploadBase: '/api' });
const render = (source: string) => md.render(source);

describe('the Markdown pipeline', () => {
  it('renders GitHub tables with aligned cells as classes, never a style', () => {
    const html = render('| a | b |\n| :-- | --: |\n| 1 | 2 |');
    expect(html).toContain('<th class="md-align-left">a</th>');
    expect(html).toContain('<td class="md-align-right">2</td>');
    expect(html).not.toContain('style=');
  });

  it('renders task lists as disabled checkboxes', () => {
    const html = render('- [ ] open\n- [x] done');
    expect(html.match(/<input[^>]*type="checkbox"[^>]*>/g)).toHaveLength(2);
    expect(html).toMatch(/<input[^>]*checked[^>]*>\s*done/);
    expect(html).toMatch(/disabled/);
  });

  it('renders strikethrough, autolinks and the toolbar marks', () => {
    const html = render('~~gone~~ https://example.com/a ++under++ ==mark== x^2^ H~2~O');
    expect(html).toContain('<s>gone</s>');
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('<ins>under</ins>');
    expect(html).toContain('<mark>mark</mark>');
    expect(html).toContain('<sup>2</sup>');
    expect(html).toContain('<sub>2</sub>');
  });

  it('keeps single line breaks, as descriptions are typed', () => {
    expect(render('one\ntwo')).toBe('<p>one<br>\ntwo</p>\n');
  });

  it('aligns whole lines with :--, -:- and --:', () => {
    expect(render(':-- left')).toBe('<p class="md-align-left">left</p>\n');
    expect(render('-:- centre')).toBe('<p class="md-align-center">centre</p>\n');
    expect(render('text\n--: right')).toContain('<p class="md-align-right">right</p>');
    expect(render(':--x')).toBe('<p>:--x</p>\n');
  });

  it('shows raw HTML as text', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('links only to the web, app routes and our uploads', () => {
    expect(render('[a](/#/project/defect?defectId=1)')).toContain(
      '<a href="#/project/defect?defectId=1">a</a>',
    );
    expect(render('[a](#/home)')).toContain('<a href="#/home">a</a>');
    expect(render('[f](/profile/upload/x.pdf)')).toContain('href="/api/profile/upload/x.pdf"');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '/profile/../etc/passwd',
      '//evil.com',
    ])
      expect(render(`[a](${bad})`), bad).not.toContain('<a');
  });

  it('shows only our uploads as images; another image becomes a link to it', () => {
    expect(render('![pic](/profile/upload/a.png)')).toContain(
      '<img src="/api/profile/upload/a.png" alt="pic">',
    );
    expect(render('![pic](/profile/a.png "=40x30")')).toContain('width="40" height="30"');
    const outside = render('![pic](https://tracker.example/pixel.png)');
    expect(outside).not.toContain('<img');
    expect(outside).toContain('<a href="https://tracker.example/pixel.png"');
    expect(render('![pic](javascript:alert(1))')).not.toMatch(/<img|<a/);
  });

  it('names the kind of each link', () => {
    expect(linkKind('https://a.b')).toBe('web');
    expect(linkKind('/#/x')).toBe('app');
    expect(linkKind('/profile/a.png')).toBe('upload');
    expect(linkKind('/profile/../a')).toBeNull();
    expect(linkKind('ftp://a')).toBeNull();
  });

  it('escapes data so it stays text', () => {
    const text = '# *a* _b_ [c](javascript:x) <i> | `d` $table{api.defect.list} 1. ~~e~~';
    const html = render(escapeMarkdown(text));
    expect(html).toBe(`<p>${md.utils.escapeHtml(text)}</p>\n`);
  });
});
