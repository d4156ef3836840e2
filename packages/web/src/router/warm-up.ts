let isWarming = false;
let load: (() => Promise<unknown>) | undefined;

/**
 * What to load ahead, set by the route table (app-routes.tsx), which owns the lazy components: the
 * sign-in page does not import it (an import back into the entry changed how the bundle was split,
 * and a second copy of antd's theme context lost the reduced-motion setting in dialogs).
 */
export function setWarmUp(preload: () => Promise<unknown>): void {
  load = preload;
}

/**
 * Fetches and runs, in the background, what the first page after signing in needs (the app
 * frame, the layout, the socket, the home page and the whole dictionaries), once the person
 * starts typing on the sign-in page: the sign-in itself then waits for none of it, and the lazy
 * components render without suspending (lib/lazy-page.ts). The sign-in page's own load is
 * unchanged (nothing is fetched before a key is pressed).
 */
export function warmUpApp(): void {
  if (isWarming || !load) return;
  isWarming = true;
  void load().catch(() => {
    isWarming = false;
  });
}
