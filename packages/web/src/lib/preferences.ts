import type { UiSettings, UserConfig, UserConfigBody } from '@buglet/contracts';
import { LAYOUT_SETTING_KEY, type LayoutSettings, useLayout } from '../stores/layout.store.ts';
import { http } from './http.ts';
import { changeLocale, currentLocale } from './i18n.ts';

/**
 * The person's language and layout settings live on the server too, so they follow the person to
 * another browser: saved when changed while signed in, applied when the session loads.
 */
export function savePreferences(body: Pick<UserConfigBody, 'lang' | 'uiSettings'>): Promise<unknown> {
  return http.put('/system/user-config', body);
}

/** What the settings drawer keeps, in the shape the server checks (a 6-digit colour). */
export function toUiSettings(settings: LayoutSettings): UiSettings {
  const { theme, sideTheme, themeMode, topNav, tagsView, fixedHeader, sidebarLogo, dynamicTitle } = settings;
  const { shortcutsEnabled, keyMap } = settings;
  return {
    theme: /^#[0-9a-fA-F]{6}/.test(theme) ? theme.slice(0, 7) : undefined,
    sideTheme,
    themeMode,
    topNav,
    tagsView,
    fixedHeader,
    sidebarLogo,
    dynamicTitle,
    shortcutsEnabled,
    keyMap,
  };
}

/** The saved preferences win over this browser's: they are the person's latest choice. */
export async function applyPreferences(config: UserConfig | null | undefined): Promise<void> {
  if (!config) return;
  if (config.lang && config.lang !== currentLocale()) await changeLocale(config.lang);
  if (config.uiSettings) {
    const saved = JSON.stringify(config.uiSettings);
    if (localStorage.getItem(LAYOUT_SETTING_KEY) !== saved) {
      localStorage.setItem(LAYOUT_SETTING_KEY, saved);
      useLayout.getState().reloadSettings();
    }
  }
}

/** Keeps the layout settings as they are now: in this browser, and for the person on the server. */
export function keepSettings(settings: LayoutSettings): void {
  const saved = { ...settings };
  localStorage.setItem(LAYOUT_SETTING_KEY, JSON.stringify(saved));
  void savePreferences({ uiSettings: toUiSettings(saved) }).catch(() => {});
}
