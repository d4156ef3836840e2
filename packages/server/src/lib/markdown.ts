import type sanitizeHtml from 'sanitize-html';

/**
 * The server's side of the one Markdown pipeline (contracts/markdown.ts): HTML for e-mail,
 * sanitised by sanitize-html with the pipeline's own allow-list, and plain text for chat robots.
 * Links in notices are absolute (the configured base address), so uploads need no prefix here.
 * markdown-it and sanitize-html load on first use: starting the server does not need them.
 */
interface Pipeline {
  html(source: string): string;
  text(source: string): string;
  /** The second layer alone, for HTML the first never makes (tested directly). */
  sanitize(html: string): string;
}

let pipeline: Promise<Pipeline> | undefined;

/** A pipeline of its own (the module keeps one, loaded once; tests build theirs). */
export async function createMarkdownPipeline(): Promise<Pipeline> {
  const [{ createMarkdown, MARKDOWN_ALLOWED, markdownToText }, { default: sanitize }] = await Promise.all([
    import('@buglet/contracts/markdown'),
    import('sanitize-html'),
  ]);
  const md = createMarkdown();
  const keepUrl = (attribute: 'href' | 'src') => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const isAllowed = attribute === 'src' ? MARKDOWN_ALLOWED.isAllowedImage : MARKDOWN_ALLOWED.isAllowedUrl;
    if (!isAllowed(attribs[attribute] ?? '', '')) delete attribs[attribute];
    return { tagName, attribs };
  };
  const policy: sanitizeHtml.IOptions = {
    allowedTags: [...MARKDOWN_ALLOWED.tags],
    allowedAttributes: MARKDOWN_ALLOWED.attributes,
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    transformTags: { a: keepUrl('href'), img: keepUrl('src') },
  };
  return {
    html: (source) => sanitize(md.render(source), policy),
    text: (source) => markdownToText(md, source),
    sanitize: (html) => sanitize(html, policy),
  };
}

/**
 * Loads the pipeline now, off any request's path: a notice's pop-up carries HTML, and the first
 * one after a start would otherwise wait for the load (150 ms on an idle machine, most of a second
 * on a busy one). Called when a socket opens, so a server nobody watches never loads it.
 */
export function warmMarkdown(): void {
  if (pipeline) return;
  // A failed load is tried again by the next use, which reports it.
  setImmediate(() => void loaded().catch(() => undefined));
}

/** The pipeline, loaded once; a load that failed is not kept, so the next use tries again. */
function loaded(): Promise<Pipeline> {
  pipeline ??= createMarkdownPipeline().catch((error: unknown) => {
    pipeline = undefined;
    throw error;
  });
  return pipeline;
}

export async function markdownHtml(source: string): Promise<string> {
  return (await loaded()).html(source);
}

export async function markdownText(source: string): Promise<string> {
  return (await loaded()).text(source);
}

/** Whether the pipeline has been asked for (warmed or used): for the warm-up's test. */
export const isMarkdownLoading = () => pipeline !== undefined;
