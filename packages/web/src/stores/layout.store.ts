import { LIMITS } from '@buglet/contracts/limits';
import { create } from 'zustand';
import { getCookie, setCookie } from '../lib/cookies.ts';

export const LAYOUT_SETTING_KEY = 'layout-setting';
/** The dark side theme's slate (the original's sidebar rather than antd's navy). */
export const SIDEBAR_DARK_BG = '#304156';

export type ThemeMode = 'light' | 'dark' | 'system';

export interface LayoutSettings {
  theme: string;
  sideTheme: 'theme-light' | 'theme-dark';
  /** Light, dark, or following the system (the default, as 1.0's). */
  themeMode: ThemeMode;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
  /** The keyboard's leaders and palette (1.0's shortcut system), and the person's own letters. */
  shortcutsEnabled: boolean;
  keyMap: Record<string, string>;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: '#409EFF',
  sideTheme: 'theme-light',
  themeMode: 'system',
  topNav: false,
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
  shortcutsEnabled: true,
  keyMap: {},
};

export type SizeName = 'default' | 'medium' | 'small' | 'mini';

/** Reads the saved settings, ignoring anything malformed so a bad value cannot break the shell. */
export function readSettings(): LayoutSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(LAYOUT_SETTING_KEY) ?? '{}') as Partial<LayoutSettings>;
    return { ...DEFAULT_SETTINGS, ...saved };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function readSize(): SizeName {
  const size = getCookie('size');
  return size === 'default' || size === 'small' || size === 'mini' ? size : 'medium';
}

const isMobileWidth = () => typeof window !== 'undefined' && window.innerWidth < LIMITS.mobileBreakpoint;

interface LayoutState {
  settings: LayoutSettings;
  isSidebarOpen: boolean;
  isMobile: boolean;
  isSettingsOpen: boolean;
  size: SizeName;
  setSettings: (patch: Partial<LayoutSettings>) => void;
  reloadSettings: () => void;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setMobile: (isMobile: boolean) => void;
  setSettingsOpen: (open: boolean) => void;
  setSize: (size: SizeName) => void;
}

export const useLayout = create<LayoutState>((set, get) => ({
  settings: readSettings(),
  isSidebarOpen: getCookie('sidebarStatus') !== '0' && !isMobileWidth(),
  isMobile: isMobileWidth(),
  isSettingsOpen: false,
  size: readSize(),
  setSettings: (patch) => set({ settings: { ...get().settings, ...patch } }),
  reloadSettings: () => set({ settings: readSettings() }),
  toggleSidebar: () => {
    const open = !get().isSidebarOpen;
    if (!get().isMobile) setCookie('sidebarStatus', open ? '1' : '0');
    set({ isSidebarOpen: open });
  },
  closeSidebar: () => set({ isSidebarOpen: false }),
  setMobile: (isMobile) =>
    set({ isMobile, isSidebarOpen: isMobile ? false : getCookie('sidebarStatus') !== '0' }),
  setSettingsOpen: (isSettingsOpen) => set({ isSettingsOpen }),
  setSize: (size) => {
    setCookie('size', size);
    set({ size });
  },
}));
