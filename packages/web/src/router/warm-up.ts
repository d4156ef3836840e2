import { loadAllTexts } from '../lib/i18n.ts';

let isWarming = false;

/**
 * Fetches and runs, in the background, what the first page after signing in needs (the app
 * frame, the layout, the socket, the home page and the whole dictionaries), once the person
 * starts typing on the sign-in page: the sign-in itself then waits for none of it. The sign-in
 * page's own load is unchanged (nothing is fetched before a key is pressed).
 */
export function warmUpApp(): void {
  if (isWarming) return;
  isWarming = true;
  const quietly = (load: () => Promise<unknown>) => void load().catch(() => {});
  quietly(() => import('./app-frame.tsx'));
  quietly(() => loadAllTexts());
  quietly(() => import('../layout/app-layout.tsx'));
  quietly(() => import('../app-realtime.tsx'));
  quietly(() => import('../features/home/home-page.tsx'));
}
