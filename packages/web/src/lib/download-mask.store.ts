import { create } from 'zustand';

/** Counts running downloads so the full-screen mask stays up until the last one ends. */
interface DownloadMaskState {
  running: number;
  begin: () => void;
  end: () => void;
}

export const useDownloadMask = create<DownloadMaskState>((set) => ({
  running: 0,
  begin: () => set((s) => ({ running: s.running + 1 })),
  end: () => set((s) => ({ running: Math.max(0, s.running - 1) })),
}));
