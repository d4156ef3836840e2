import { useEffect, useMemo, useState } from 'react';
import { loadMarkdown, type MarkdownModule } from '../../lib/markdown-loader.ts';

/** Shares the loaded renderer with every view, so only the first one ever waits. */
export function useMarkdownModule(): MarkdownModule | undefined {
  const [module, setModule] = useState<MarkdownModule>();
  useEffect(() => {
    let live = true;
    void loadMarkdown().then((m) => {
      if (live) setModule(m);
    });
    return () => {
      live = false;
    };
  }, []);
  return module;
}

/** Rendered Markdown (lib/markdown.ts: markdown-it, then DOMPurify with the pipeline's allow-list). */
export function MarkdownView({ source }: { source: string }) {
  const markdown = useMarkdownModule();
  const html = useMemo(() => markdown?.renderMarkdown(source), [markdown, source]);
  // Until the renderer has loaded, the text itself, so nothing jumps from empty.
  if (html === undefined) return <div className="markdown-view markdown-view-loading">{source}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it shows raw HTML as text and DOMPurify keeps only the pipeline's own tags (lib/markdown.ts)
  return <div className="markdown-view" dangerouslySetInnerHTML={{ __html: html }} />;
}
