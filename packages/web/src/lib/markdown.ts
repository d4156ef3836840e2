import { API_BASE } from './http.ts';

/**
 * A small Markdown renderer for defect descriptions. It escapes all HTML first, so no tag, script or
 * event handler in the source can survive; then it adds back only the few tags it creates itself.
 * Links must be http(s) or a page of this app (`/#/…`, as notices link to defects), and images must be
 * our own uploads (/profile/…), so no javascript: URL gets in.
 * Chosen over marked + DOMPurify because descriptions use a small subset and this keeps the bundle small.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const SAFE_LINK = /^https?:\/\/[^\s*]+$/;
/** A route of this app; rendered as a bare hash so it works wherever the app is deployed. */
const APP_LINK = /^\/?(#\/[^\s*]*)$/;
const SAFE_IMAGE = /^\/profile\/[\w\-./]+$/;

/** Inline rules run on already-escaped text; code spans are cut out first so their content stays literal. */
function renderInline(escaped: string): string {
  const codes: string[] = [];
  let out = escaped.replace(/`([^`]+)`/g, (_m, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  out = out.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (match, alt: string, src: string) =>
    SAFE_IMAGE.test(src) && !src.includes('..')
      ? `<img src="${API_BASE}${src}" alt="${alt}" style="max-width:100%">`
      : match,
  );
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (match, label: string, href: string) => {
    if (SAFE_LINK.test(href))
      return `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;
    const route = APP_LINK.exec(href)?.[1];
    return route ? `<a href="${route}">${label}</a>` : match;
  });
  out = out.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  out = out.replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholder is a NUL that user text cannot type
  return out.replace(/\u0000(\d+)\u0000/g, (_m, index: string) => codes[Number(index)] ?? '');
}

type Block =
  | { kind: 'code' | 'ul' | 'ol' | 'p'; lines: string[] }
  | { kind: 'h'; level: number; text: string };

function splitBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  const push = (kind: 'ul' | 'ol' | 'p', line: string) => {
    if (current?.kind !== kind) {
      current = { kind, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  };
  for (const line of lines) {
    if (current?.kind === 'code') {
      if (line.startsWith('```')) current = undefined;
      else current.lines.push(line);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.startsWith('```')) {
      current = { kind: 'code', lines: [] };
      blocks.push(current);
    } else if (heading) {
      current = undefined;
      blocks.push({ kind: 'h', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else if (bullet) push('ul', bullet[1] ?? '');
    else if (numbered) push('ol', numbered[1] ?? '');
    else if (line.trim() === '') current = undefined;
    else push('p', line);
  }
  return blocks;
}

function renderBlock(block: Block): string {
  if (block.kind === 'h') return `<h${block.level}>${renderInline(block.text)}</h${block.level}>`;
  if (block.kind === 'code') return `<pre><code>${block.lines.join('\n')}</code></pre>`;
  if (block.kind === 'p') return `<p>${block.lines.map(renderInline).join('<br>')}</p>`;
  const items = block.lines.map((line) => `<li>${renderInline(line)}</li>`).join('');
  return `<${block.kind}>${items}</${block.kind}>`;
}

export function renderMarkdown(source: string): string {
  const lines = escapeHtml(source.replace(/\r\n?/g, '\n')).split('\n');
  return splitBlocks(lines).map(renderBlock).join('\n');
}
