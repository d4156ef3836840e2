import { describe, expect, it } from 'vitest';
import { baseOf, injectIntoPage, isHtml, refusalPage } from './proxy-page.ts';

const at = new URL('https://shop.example.com/a/b/page.html?q=1');
const inject = (html: string) => injectIntoPage(Buffer.from(html, 'utf8'), at).toString('utf8');

describe('the page the proxy serves', () => {
  it('gets <base> and the pane script first in its head', () => {
    const out = inject(
      '<!DOCTYPE html><html lang="en"><head data-x="1"><script>own()</script></head><body></body></html>',
    );
    expect(out).toMatch(
      /^<!DOCTYPE html><html lang="en"><head data-x="1"><base href="https:\/\/shop\.example\.com\/a\/b\/page\.html\?q=1"><script>\(function \(BASE\) \{/,
    );
    expect(out.indexOf('own()')).toBeGreaterThan(
      out.indexOf('})("https://shop.example.com/a/b/page.html?q=1");</script>'),
    );
  });

  it('without a head or even <html>, still first', () => {
    expect(inject('<html><body>x</body></html>')).toMatch(/^<html><base href=/);
    expect(inject('<!doctype html><p>x</p>')).toMatch(/^<!doctype html><base href=/);
    expect(inject('<p>x</p>')).toMatch(/^<base href=/);
  });

  it('resolves against the page’s own <base>, ignoring one that is not the web', () => {
    expect(baseOf('<head><base href="/static/">', at).href).toBe('https://shop.example.com/static/');
    expect(baseOf("<base target=_blank href='../x/'>", at).href).toBe('https://shop.example.com/a/x/');
    expect(baseOf('<base href="javascript:alert(1)">', at).href).toBe(at.href);
    expect(baseOf('<p>no base</p>', at).href).toBe(at.href);
  });

  it('keeps every byte of a page in another encoding', () => {
    const gbk = Buffer.concat([
      Buffer.from('<html><head><meta charset="gbk"></head><body>'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), // 你好 in GBK
      Buffer.from('</body></html>'),
    ]);
    const out = injectIntoPage(gbk, at);
    expect(out.includes(Buffer.from([0xc4, 0xe3, 0xba, 0xc3]))).toBe(true);
    expect(out.subarray(out.length - 18).toString('latin1')).toBe('\u00c4\u00e3\u00ba\u00c3</body></html>');
  });

  it('cannot be broken out of by its address', () => {
    const evil = new URL('https://x.example/"><script>alert(1)</script>');
    const out = injectIntoPage(Buffer.from('<head></head>'), evil).toString();
    expect(out).not.toContain('<script>alert(1)');
    expect(out.match(/<script>/g)?.length).toBe(1);
  });

  it('is recognised as HTML by its type', () => {
    expect(isHtml('text/html; charset=utf-8')).toBe(true);
    expect(isHtml('application/xhtml+xml')).toBe(true);
    expect(isHtml('text/plain')).toBe(false);
    expect(isHtml(undefined)).toBe(false);
  });
});

describe('the refusal page', () => {
  it('shows the message as text and tells the tool', () => {
    const page = refusalPage('Cannot open', 'The address <b>x</b> is not allowed', 'en_US');
    expect(page).toContain(
      '<p data-testid="proxy-refusal">The address &lt;b&gt;x&lt;/b&gt; is not allowed</p>',
    );
    expect(page).toContain('"type":"refused","message":"The address \\u003cb>x\\u003c/b> is not allowed"');
    expect(page).toContain('<html lang="en">');
  });
});
