import { useSyncExternalStore } from 'react';
import { useLayout } from '../stores/layout.store.ts';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(QUERY) : undefined;
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isSystemDark = () => (typeof window !== 'undefined' && window.matchMedia?.(QUERY).matches) || false;

/** Whether the pages are dark now: chosen so in the settings, or following a dark system. */
export function useIsDark(): boolean {
  const mode = useLayout((s) => s.settings.themeMode);
  const isSystem = useSyncExternalStore(subscribe, isSystemDark, () => false);
  return mode === 'dark' || (mode === 'system' && isSystem);
}
