import { create } from 'zustand';

export type PaletteMode = 'closed' | 'search' | 'go' | 'actions' | 'teams' | 'help';

/** An action a page offers while it is shown (the open defect's "assign to me"). */
export interface PageAction {
  id: string;
  title: string;
  run: () => void;
}

/** A command with its letter, as the palette shows it (layout/shortcuts.ts). */
export interface LetteredCommand {
  id: string;
  title: string;
  key: string;
  run: () => void;
}

interface ShortcutsState {
  /** The palette's panels as they are now, for the keyboard settings page to list. */
  panels: { go: LetteredCommand[]; actions: LetteredCommand[] };
  mode: PaletteMode;
  open: (mode: Exclude<PaletteMode, 'closed'>) => void;
  close: () => void;
  pageActions: Record<string, PageAction>;
  /** Offers actions until the returned function takes them back. */
  offer: (actions: PageAction[]) => () => void;
}

/** The command palette's state and the actions pages offer to it. */
export const useShortcuts = create<ShortcutsState>((set) => ({
  panels: { go: [], actions: [] },
  mode: 'closed',
  open: (mode) => set({ mode }),
  close: () => set({ mode: 'closed' }),
  pageActions: {},
  offer: (actions) => {
    set((s) => ({ pageActions: { ...s.pageActions, ...Object.fromEntries(actions.map((a) => [a.id, a])) } }));
    return () =>
      set((s) => {
        const next = { ...s.pageActions };
        for (const a of actions) if (next[a.id] === a) delete next[a.id];
        return { pageActions: next };
      });
  },
}));
