import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMarkdownPipeline, markdownHtml, markdownText } from './markdown.ts';

const notice = [
  '## #12 Pay button \\<img src=x onerror=alert(1)\\>',
  '',
  'Ann assigned it to you',
  '',
  '[Open the defect](http://buglet.test/#/project/defect?defectId=3&projectId=1)',
  '',
  '**Level**: urgent  ',
  '**Type**: BUG',
].join('\n');

describe('the second layer: sanitize-html with the pipeline’s allow-list', () => {
  // HTML markdown-it never makes (its own rules stop it first), fed to the second layer alone, on
  // a pipeline of the test's own (the module's is built once, under whatever code ran first).
  it('keeps web links and our own uploads, and nothing else, in links and images', async () => {
    const { sanitize } = await createMarkdownPipeline();
    const html = sanitize(
      [
        '<a href="https://ok.example/a">web</a>',
        '<a href="http://ok.example/b">plain</a>',
        '<a href="/profile/upload/2026/a.pdf">file</a>',
        '<a href="#/project/defect">app</a>',
        '<a href="/admin/delete">relative</a>',
        '<a href="//evil.example/x">protocol-relative</a>',
        '<a href="javascript:alert(1)">js</a>',
        '<img src="/profile/upload/2026/a.png" alt="ours">',
        '<img src="https://evil.example/track.png" alt="theirs">',
      ].join(''),
    );
    expect(html).toContain('<a href="https://ok.example/a">web</a>');
    expect(html).toContain('<a href="http://ok.example/b">plain</a>');
    expect(html).toContain('<a href="/profile/upload/2026/a.pdf">file</a>');
    expect(html).toContain('<a href="#/project/defect">app</a>');
    expect(html).toContain('<a>relative</a>');
    expect(html).toContain('<a>protocol-relative</a>');
    expect(html).toContain('<a>js</a>');
    expect(html).toContain('<img src="/profile/upload/2026/a.png" alt="ours" />');
    expect(html).toContain('<img alt="theirs" />');
  });
});

describe('e-mail HTML from the Markdown pipeline', () => {
  it('renders the notice with its link, and no markup from the data', async () => {
    const html = (await createMarkdownPipeline()).html(notice);
    expect(await markdownHtml(notice)).toBe(html);
    expect(html).toContain('<h2>#12 Pay button &lt;img src=x onerror=alert(1)&gt;</h2>');
    expect(html).toContain(
      '<a href="http://buglet.test/#/project/defect?defectId=3&amp;projectId=1" target="_blank" rel="noopener noreferrer">Open the defect</a>',
    );
    expect(html).toContain('<strong>Level</strong>: urgent<br />');
    expect(html).not.toMatch(/<img/);
  });

  it('keeps a table and a task list, and drops what the allow-list does not name', async () => {
    const html = await markdownHtml(
      '| a |\n| - |\n| 1 |\n\n- [x] done\n\n[x](javascript:alert(1)) <b onclick=x>b</b>',
    );
    expect(html).toContain('<td>1</td>');
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    expect(html).not.toMatch(/<b[ >]|href="javascript/);
    expect(html).toContain('&lt;b onclick=x&gt;');
  });
});

describe('plain text for chat', () => {
  it('keeps the words, the lines and the link address', async () => {
    const own = await createMarkdownPipeline();
    expect(await markdownText(notice)).toBe(own.text(notice));
    expect(own.text(notice)).toBe(
      [
        '#12 Pay button <img src=x onerror=alert(1)>',
        'Ann assigned it to you',
        'Open the defect: http://buglet.test/#/project/defect?defectId=3&projectId=1',
        'Level: urgent',
        'Type: BUG',
      ].join('\n'),
    );
  });
});

describe('the module’s one pipeline', () => {
  // A fresh copy of the module for each test: the suite's copy was loaded long before.
  const freshModule = async () => {
    vi.resetModules();
    return import('./markdown.ts');
  };
  afterEach(() => {
    vi.doUnmock('sanitize-html');
  });

  it('loads when a socket asks it to warm up, off the caller’s path', async () => {
    const m = await freshModule();
    expect(m.isMarkdownLoading()).toBe(false);
    m.warmMarkdown();
    expect(m.isMarkdownLoading()).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(m.isMarkdownLoading()).toBe(true);
  });

  it('is loaded again by the next use after a load that failed', async () => {
    vi.doMock('sanitize-html', () => {
      throw new Error('sanitize-html is missing');
    });
    const m = await freshModule();
    await expect(m.markdownHtml('**x**')).rejects.toThrow();
    vi.doUnmock('sanitize-html');
    expect(await m.markdownHtml('**x**')).toBe('<p><strong>x</strong></p>\n');
  });
});
