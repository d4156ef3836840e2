import { create } from 'zustand';

interface PresenceState {
  /** Ids of users with at least one open socket, as far as this tab has heard. */
  online: ReadonlySet<number>;
  /** The server's list, fetched on opening a page and after each reconnection, replaces what we heard. */
  seed: (userIds: readonly number[]) => void;
  setOnline: (userId: number, isOnline: boolean) => void;
  clear: () => void;
}

export const usePresence = create<PresenceState>((set, get) => ({
  online: new Set(),
  seed: (userIds) => set({ online: new Set(userIds) }),
  setOnline(userId, isOnline) {
    const online = get().online;
    if (online.has(userId) === isOnline) return;
    const next = new Set(online);
    if (isOnline) next.add(userId);
    else next.delete(userId);
    set({ online: next });
  },
  clear: () => set({ online: new Set() }),
}));
