import { paneScript } from './pane-script.ts';

/**
 * What the proxy does to a page (pure, no I/O): the headers it is served with, the <base> and
 * script it gets, and the page that says why one was refused.
 */

/**
 * The proxied page runs in the app's origin (the proxy is our address), so it must be kept from
 * everything that origin holds. `sandbox` without `allow-same-origin` gives the document an
 * opaque origin of its own, whoever frames it and even when opened on its own in a tab: it
 * cannot read the app's localStorage (the session token), cookies or IndexedDB, nor read the
 * API's answers. Scripts, forms, pop-ups and dialogs still work, so the page behaves as it would
 * on its site; it may not navigate the tool itself (no allow-top-navigation). The tool's iframe
 * carries the same sandbox as an attribute; this header is what holds when the address is
 * opened some other way. Only the app may frame it.
 */
export const PANE_CSP = "sandbox allow-scripts allow-forms allow-popups allow-modals; frame-ancestors 'self'";

/** Response headers of everything the proxy serves (a page or a refusal). */
export const PANE_HEADERS: Record<string, string> = {
  'content-security-policy': PANE_CSP,
  // The CSP's frame-ancestors decides in current browsers; older ones read this.
  'x-frame-options': 'SAMEORIGIN',
  // The page's own requests go straight to its site: they must not carry the frame's address,
  // which holds the ticket.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** The site's headers a page may keep: its type and language. The rest (cookies, framing rules, caching) is the site's business. */
export const KEPT_HEADERS = ['content-type', 'content-language'] as const;

export function isHtml(contentType: string | undefined): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? '');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's own <base href>, resolved against its address, or the address itself. */
export function baseOf(html: string, pageUrl: URL): URL {
  const tag = /<base\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const href = tag?.[1] ?? tag?.[2] ?? tag?.[3];
  if (href === undefined) return pageUrl;
  try {
    const base = new URL(href.trim().replace(/&amp;/g, '&'), pageUrl);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base : pageUrl;
  } catch {
    return pageUrl;
  }
}

/**
 * The page with a <base href> (so its relative links, images, styles and scripts load from its
 * site) and the pane script (pane-script.ts) first in its head, before anything of its own.
 * Worked on as latin1 text, which keeps every byte: what is added is ASCII, so a page in UTF-8,
 * GBK or any other ASCII-compatible encoding stays as it was.
 */
export function injectIntoPage(page: Buffer, pageUrl: URL): Buffer {
  const html = page.toString('latin1');
  const base = baseOf(html, pageUrl);
  const addition = `<base href="${escapeAttribute(base.href)}"><script>${paneScript(base.href)}</script>`;
  const head = /<head\b[^>]*>/i.exec(html) ?? /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  const at = head ? head.index + head[0].length : 0;
  return Buffer.from(`${html.slice(0, at)}${addition}${html.slice(at)}`, 'latin1');
}

/** Why a page was not opened, shown in the frame and told to the tool (which shows it too). */
export function refusalPage(title: string, message: string, lang: 'zh_CN' | 'en_US'): string {
  const tell = JSON.stringify({ source: 'buglet-pane', type: 'refused', message }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${lang === 'en_US' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px/1.6 system-ui,sans-serif;color:#333;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#fafafa}
main{max-width:560px;padding:24px 28px;background:#fff;border:1px solid #f0f0f0;border-left:3px solid #ff4d4f;border-radius:6px}
h1{font-size:16px;margin:0 0 8px}p{margin:0;word-break:break-word}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p data-testid="proxy-refusal">${escapeHtml(message)}</p></main>
<script>if (window.parent !== window) window.parent.postMessage(${tell}, /^https?:/.test(location.origin) ? location.origin : '*');</script>
</body></html>`;
}
