import { useMemo } from 'react';
import { create } from 'zustand';
import {
  applyFocus,
  type FocusModule,
  type FocusUser,
  type Looking,
  lookersOf,
  seedFocus,
} from '../lib/member-focus.ts';
import type { MemberFocus } from '../lib/realtime.ts';
import { useSession } from './session.store.ts';

interface FocusState {
  /** What each member of this user's projects has open, as far as this tab has heard. */
  looking: Looking;
  apply: (frame: MemberFocus) => void;
  /** An item's view answered with who looks at it. */
  seed: (moduleName: FocusModule, dataId: number, users: readonly FocusUser[]) => void;
  clear: () => void;
}

export const useFocus = create<FocusState>((set) => ({
  looking: new Map(),
  apply: (frame) => set((s) => ({ looking: applyFocus(s.looking, frame) })),
  seed: (moduleName, dataId, users) =>
    set((s) => ({ looking: seedFocus(s.looking, moduleName, dataId, users) })),
  clear: () => set({ looking: new Map() }),
}));

/** The others looking at this item (the signed-in user left out). */
export function useLookers(moduleName: FocusModule, dataId: number): FocusUser[] {
  const looking = useFocus((s) => s.looking);
  const myId = useSession((s) => s.user?.userId);
  return useMemo(() => lookersOf(looking, moduleName, dataId, myId), [looking, moduleName, dataId, myId]);
}
