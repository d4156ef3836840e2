import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/lib/markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, code and lists', () => {
    const html = renderMarkdown('# Title\n**bold** and *it* `x<y`\n\n- one\n- two\n\n1. first');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<code>x&lt;y</code>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li></ol>');
  });

  it('lets no script, event handler or unsafe URL through', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n[a](javascript:alert(1))\n![i](http://evil/x.png)',
    );
    expect(html).not.toMatch(/<script|<img src=x|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<img');
  });

  it('keeps http links and our own uploaded images', () => {
    const html = renderMarkdown('[doc](https://example.com/a?b=1) ![shot](/profile/upload/a.png)');
    expect(html).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">doc</a>',
    );
    expect(html).toContain('<img src="/prod-api/profile/upload/a.png" alt="shot"');
  });

  it('links pages of the app (a notice to its defect) within the app, by hash', () => {
    const html = renderMarkdown('[open](/#/project/defect?defectId=2&projectId=1) [b](#/notice/index)');
    expect(html).toContain('<a href="#/project/defect?defectId=2&amp;projectId=1">open</a>');
    expect(html).toContain('<a href="#/notice/index">b</a>');
    expect(renderMarkdown('[x](/etc/passwd) [y](//evil.example/#/a)')).not.toContain('<a');
  });
});
