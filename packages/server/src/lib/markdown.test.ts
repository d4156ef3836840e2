import { describe, expect, it } from 'vitest';
import { markdownHtml, markdownText } from './markdown.ts';

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

describe('e-mail HTML from the Markdown pipeline', () => {
  it('renders the notice with its link, and no markup from the data', async () => {
    const html = await markdownHtml(notice);
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
    expect(await markdownText(notice)).toBe(
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
