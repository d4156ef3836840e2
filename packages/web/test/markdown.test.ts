import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderReport, reportNeedsOf, sanitizeHtml } from '../src/lib/markdown.ts';

describe('renderMarkdown (markdown-it, then DOMPurify)', () => {
  it('renders headings, emphasis, code and lists', () => {
    const html = renderMarkdown('# Title\n**bold** and *it* `x<y`\n\n- one\n- two\n\n1. first');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<code>x&lt;y</code>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
  });

  it('renders a table and a task list', () => {
    const html = renderMarkdown('| a | b |\n| --- | :-: |\n| 1 | 2 |\n\n- [x] done\n- [ ] open');
    expect(html).toContain('<td class="md-align-center">2</td>');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*disabled/);
  });

  it('lets no script, event handler or unsafe URL through', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n[a](javascript:alert(1))\n![i](http://evil/x.png)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps http links and our own uploaded images', () => {
    const html = renderMarkdown('[doc](https://example.com/a?b=1) ![shot](/profile/upload/a.png)');
    expect(html).toContain('href="https://example.com/a?b=1"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<img src="/prod-api/profile/upload/a.png" alt="shot"');
  });

  it('links pages of the app (a notice to its defect) within the app, by hash', () => {
    const html = renderMarkdown('[open](/#/project/defect?defectId=2&projectId=1) [b](#/notice/index)');
    expect(html).toContain('<a href="#/project/defect?defectId=2&amp;projectId=1">open</a>');
    expect(html).toContain('<a href="#/notice/index">b</a>');
    expect(renderMarkdown('[x](/etc/passwd) [y](//evil.example/#/a)')).not.toContain('<a');
  });
});

describe('renderReport', () => {
  it('shows directives as written without data', () => {
    expect(renderReport('$table{api.defect.list}')).toBe('<p>$table{api.defect.list}</p>\n');
  });
});

describe('sanitizeHtml (the second layer, on HTML markdown-it never makes)', () => {
  it('drops a link or an image address the pipeline would not make, and keeps the ones it makes', () => {
    const html = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><img src="http://evil.example/x.png" alt="i">' +
        '<a href="https://example.com/">ok</a><img src="/prod-api/profile/upload/a.png" alt="s">',
    );
    expect(html).toContain('<a>a</a>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<a href="https://example.com/">ok</a>');
    expect(html).toContain('src="/prod-api/profile/upload/a.png"');
  });

  it('keeps an input only as a disabled checkbox, and a type elsewhere as the allow-list says', () => {
    expect(sanitizeHtml('<input type="text" value="x">')).not.toContain('type=');
    expect(sanitizeHtml('<input type="checkbox" checked="" disabled="">')).toContain('type="checkbox"');
    expect(sanitizeHtml('<ol type="a"><li>x</li></ol>')).toContain('<ol type="a">');
  });
});

describe('reportNeedsOf', () => {
  it('names the data a report’s directives draw on, as the query’s list, and none for plain text', () => {
    expect(reportNeedsOf('# Week\n$table{api.defect.list}\n$card{api.case.list}')).toBe(
      'api.defect.list,api.case.list',
    );
    expect(reportNeedsOf('# Week')).toBe('');
  });
});
