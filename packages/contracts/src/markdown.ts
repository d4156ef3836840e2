import { ins } from '@mdit/plugin-ins';
import { mark } from '@mdit/plugin-mark';
import { sub } from '@mdit/plugin-sub';
import { sup } from '@mdit/plugin-sup';
import { tasklist } from '@mdit/plugin-tasklist';
import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

/**
 * The one Markdown pipeline: markdown-it with GitHub-flavoured Markdown (tables, task lists,
 * strikethrough, autolinks) and the marks the editor's toolbar inserts (++underline++,
 * ==highlight==, ^sup^, ~sub~, the `:--` / `-:-` / `--:` alignment lines). Used by the web (every
 * place Markdown is shown) and by the server (e-mail, report snapshots). Imported from
 * `@buglet/contracts/markdown` only, so the first page of the web does not carry it.
 *
 * Raw HTML in the source is never passed through (`html: false`): it shows as text. Links and
 * images follow the rules below; the HTML that comes out is then sanitised on each side
 * (DOMPurify in the browser, sanitize-html on the server) with MARKDOWN_ALLOWED, as a second wall.
 */

/** Where a link may point. */
export type LinkKind = 'web' | 'app' | 'upload';

const WEB_LINK = /^https?:\/\/[^\s]+$/i;
/** A route of this app; rendered as a bare hash so it works wherever the app is deployed. */
const APP_LINK = /^\/?(#\/[^\s]*)$/;
/** One of our own uploads. */
const UPLOAD = /^\/profile\/[\w\-./]+$/;

export function linkKind(url: string): LinkKind | null {
  if (WEB_LINK.test(url)) return 'web';
  if (APP_LINK.test(url)) return 'app';
  if (UPLOAD.test(url) && !url.includes('..')) return 'upload';
  return null;
}

/** The tags and attributes the pipeline produces; each side's sanitiser allows these and nothing else. */
const isUpload = (url: string, uploadBase: string) =>
  url.startsWith(`${uploadBase}/profile/`) && linkKind(url.slice(uploadBase.length)) === 'upload';

export const MARKDOWN_ALLOWED = {
  tags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'ins',
    'mark',
    'sup',
    'sub',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
    'label',
    'span',
    'div',
  ],
  attributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start'],
    '*': ['class'],
  } as Record<string, string[]>,
  /** href: only what linkKind accepts, once rendered (uploads carry the API base). */
  isAllowedUrl: (url: string, uploadBase: string) =>
    WEB_LINK.test(url) || /^#\/[^\s]*$/.test(url) || isUpload(url, uploadBase),
  /** src: only our own uploads, as the pipeline makes images (no picture from another site). */
  isAllowedImage: (url: string, uploadBase: string) => isUpload(url, uploadBase),
} as const;

export interface MarkdownOptions {
  /** Prefix of our own uploads (`/profile/…`): the web's API base, or '' on the server. */
  uploadBase?: string;
}

const ALIGN_MARKS: Record<string, string> = { ':--': 'left', '-:-': 'center', '--:': 'right' };

/** `:-- text`, `-:- text`, `--: text`: a line aligned left, centre or right (the original's syntax). */
function alignmentLines(md: MarkdownIt): void {
  md.block.ruler.before(
    'paragraph',
    'align_line',
    (state: StateBlock, startLine: number, _endLine: number, silent: boolean) => {
      const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
      const line = state.src.slice(start, state.eMarks[startLine]);
      const align = ALIGN_MARKS[line.slice(0, 3)];
      if (!align || (line.length > 3 && line[3] !== ' ')) return false;
      if (silent) return true;
      const open = state.push('paragraph_open', 'p', 1);
      open.attrSet('class', `md-align-${align}`);
      open.map = [startLine, startLine + 1];
      const inline = state.push('inline', '', 0);
      inline.content = line.slice(4).trim();
      inline.map = [startLine, startLine + 1];
      inline.children = [];
      state.push('paragraph_close', 'p', -1);
      state.line = startLine + 1;
      return true;
    },
    { alt: ['paragraph', 'blockquote', 'list'] },
  );
}

/** Links by linkKind; images only from our uploads (anything else shows as a link to it). */
function linkRules(md: MarkdownIt, uploadBase: string): void {
  md.validateLink = (url) => linkKind(url) !== null;
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  const resolve = (url: string) => {
    const kind = linkKind(url);
    if (kind === 'app') return APP_LINK.exec(url)?.[1] ?? url;
    return kind === 'upload' ? `${uploadBase}${url}` : url;
  };
  const defaultLink = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (!token) return '';
    const href = token.attrGet('href') ?? '';
    token.attrSet('href', resolve(href));
    if (linkKind(href) !== 'app') {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return defaultLink
      ? defaultLink(tokens, idx, options, env, self)
      : self.renderToken(tokens, idx, options);
  };
  const defaultImage = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (!token) return '';
    const src = token.attrGet('src') ?? '';
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    if (linkKind(src) !== 'upload') {
      const label = md.utils.escapeHtml(alt || src);
      return `<a href="${md.utils.escapeHtml(resolve(src))}" target="_blank" rel="noopener noreferrer">${label}</a>`;
    }
    token.attrSet('src', resolve(src));
    // A title of the form `=WxH` sizes the image (report directives use it for icons).
    const size = /^=(\d{1,4})x(\d{1,4})$/.exec(token.attrGet('title') ?? '');
    if (size?.[1] && size[2]) {
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'title');
      token.attrSet('width', size[1]);
      token.attrSet('height', size[2]);
    }
    return defaultImage
      ? defaultImage(tokens, idx, options, env, self)
      : self.renderToken(tokens, idx, options);
  };
}

/** Table cell alignment as a class, so no style attribute is ever needed. */
function alignmentClasses(md: MarkdownIt): void {
  md.core.ruler.push('align_class', (state) => {
    for (const token of state.tokens) {
      const style = token.attrGet('style');
      const align = style ? /^text-align:(left|center|right)$/.exec(style)?.[1] : undefined;
      if (!align) continue;
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
      token.attrSet('class', `md-align-${align}`);
    }
  });
}

export function createMarkdown(options: MarkdownOptions = {}): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.use(tasklist, { disabled: true, label: false }).use(ins).use(mark).use(sup).use(sub);
  alignmentLines(md);
  linkRules(md, options.uploadBase ?? '');
  alignmentClasses(md);
  return md;
}

/** Backslash-escapes every ASCII punctuation mark, so data put into Markdown stays literal text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** Plain text for chat robots and e-mail's text part: the Markdown's words, links as `label: address`. */
export function markdownToText(md: MarkdownIt, source: string): string {
  const out: string[] = [];
  const links: string[] = [];
  const inline = (tokens: ReturnType<MarkdownIt['parseInline']>[number]['children']) => {
    for (const t of tokens ?? []) {
      if (t.type === 'text' || t.type === 'code_inline') out.push(t.content);
      else if (t.type === 'softbreak' || t.type === 'hardbreak') out.push('\n');
      else if (t.type === 'image') out.push(t.content || (t.attrGet('src') ?? ''));
      else if (t.type === 'link_open') links.push(t.attrGet('href') ?? '');
      else if (t.type === 'link_close') {
        const href = links.pop() ?? '';
        const label = out.at(-1);
        if (href && label !== href) out.push(`: ${href}`);
      }
    }
  };
  for (const token of md.parse(source, {})) {
    if (token.type === 'inline') inline(token.children);
    else if (token.type === 'fence' || token.type === 'code_block') out.push(token.content);
    else if (token.type === 'list_item_open') out.push('- ');
    else if (token.type === 'th_open' || token.type === 'td_open') out.push('| ');
    else if (token.type === 'th_close' || token.type === 'td_close') out.push(' ');
    else if (/^(paragraph|heading|tr|blockquote)_close$/.test(token.type) || token.type === 'hr')
      out.push('\n');
  }
  return out
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
