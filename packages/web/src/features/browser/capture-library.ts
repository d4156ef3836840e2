/**
 * The DOM-to-image library the pane's page runs to draw itself (modern-screenshot's UMD build, as
 * text). The page is cross-origin and sandboxed, so neither the tool nor the server can read it:
 * the injected pane script renders its own document and posts the PNG back. A server-side capture
 * would need a headless browser on every install and could not see what the tester sees (the
 * scroll position, what they typed). Loaded on the first screenshot only.
 */
let loading: Promise<string> | undefined;

export function captureLibrary(): Promise<string> {
  loading ??= import('modern-screenshot/dist/index.js?raw').then((m) => m.default);
  return loading;
}
