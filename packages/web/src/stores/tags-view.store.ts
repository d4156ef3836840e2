import { create } from 'zustand';

export interface VisitedTag {
  /** Path plus query: what the tag navigates to. */
  fullPath: string;
  /** Path alone: one tag per page. */
  path: string;
  isAffix: boolean;
}

export const HOME_TAG: VisitedTag = { fullPath: '/index', path: '/index', isAffix: true };

interface TagsViewState {
  visited: VisitedTag[];
  add: (tag: VisitedTag) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeLeft: (path: string) => void;
  closeRight: (path: string) => void;
  closeAll: () => void;
}

/** Affixed tags (Home) survive every close action. */
const keep = (tags: VisitedTag[], test: (tag: VisitedTag, index: number) => boolean) =>
  tags.filter((tag, index) => tag.isAffix || test(tag, index));

export const useTagsView = create<TagsViewState>((set, get) => ({
  visited: [HOME_TAG],
  add: (tag) => {
    const visited = get().visited;
    const index = visited.findIndex((v) => v.path === tag.path);
    if (index === -1) set({ visited: [...visited, tag] });
    else if (visited[index]?.fullPath !== tag.fullPath) {
      set({ visited: visited.map((v, i) => (i === index ? { ...v, fullPath: tag.fullPath } : v)) });
    }
  },
  close: (path) => set({ visited: keep(get().visited, (t) => t.path !== path) }),
  closeOthers: (path) => set({ visited: keep(get().visited, (t) => t.path === path) }),
  closeLeft: (path) => {
    const at = get().visited.findIndex((t) => t.path === path);
    set({ visited: keep(get().visited, (_t, i) => i >= at) });
  },
  closeRight: (path) => {
    const at = get().visited.findIndex((t) => t.path === path);
    set({ visited: keep(get().visited, (_t, i) => i <= at) });
  },
  closeAll: () => set({ visited: keep(get().visited, () => false) }),
}));
