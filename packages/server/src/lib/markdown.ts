import { createMarkdown, MARKDOWN_ALLOWED, markdownToText } from '@buglet/contracts/markdown';
import sanitizeHtml from 'sanitize-html';

/**
 * The server's side of the one Markdown pipeline (contracts/markdown.ts): HTML for e-mail,
 * sanitised by sanitize-html with the pipeline's own allow-list, and plain text for chat robots.
 * Links in notices are absolute (the configured base address), so uploads need no prefix here.
 */
const md = createMarkdown();

const keepUrl = (attribute: 'href' | 'src') => (tagName: string, attribs: sanitizeHtml.Attributes) => {
  const url = attribs[attribute];
  if (url !== undefined && !MARKDOWN_ALLOWED.isAllowedUrl(url, '')) delete attribs[attribute];
  return { tagName, attribs };
};

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...MARKDOWN_ALLOWED.tags],
  allowedAttributes: MARKDOWN_ALLOWED.attributes,
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  transformTags: { a: keepUrl('href'), img: keepUrl('src') },
};

export function markdownHtml(source: string): string {
  return sanitizeHtml(md.render(source), POLICY);
}

export function markdownText(source: string): string {
  return markdownToText(md, source);
}
