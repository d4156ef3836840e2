/** The Markdown renderer, loaded once on first use as its own chunk so the first page stays small. */
export type MarkdownModule = typeof import('./markdown.ts');

let loading: Promise<MarkdownModule> | undefined;

export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./markdown.ts');
  return loading;
}
