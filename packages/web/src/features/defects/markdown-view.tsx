import { useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown.ts';

/** Rendered Markdown; renderMarkdown escapes all HTML first, so the markup here is only its own. */
export function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes every tag of the source (see lib/markdown.ts)
  return <div className="markdown-view" dangerouslySetInnerHTML={{ __html: html }} />;
}
