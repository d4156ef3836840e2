import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../locales/en_US.json';
import zhCN from '../locales/zh_CN.json';

export type Locale = 'zh_CN' | 'en_US';
export const LOCALES: readonly Locale[] = ['zh_CN', 'en_US'];
export const LOCALE_STORAGE_KEY = 'i18n-locale';
const DAYJS_LOCALES: Record<Locale, string> = { zh_CN: 'zh-cn', en_US: 'en' };

export function readLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  return stored === 'en_US' ? 'en_US' : 'zh_CN';
}

const initial = readLocale();
dayjs.locale(DAYJS_LOCALES[initial]);

// Keys are flat and contain dots ("system.user"), so both separators are switched off.
void i18n.use(initReactI18next).init({
  resources: { zh_CN: { translation: zhCN }, en_US: { translation: enUS } },
  lng: initial,
  fallbackLng: 'zh_CN',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLocale(): Locale {
  return i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
}

export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  dayjs.locale(DAYJS_LOCALES[locale]);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale === 'zh_CN' ? 'zh-CN' : 'en';
}

/** Translates a key that comes from data (menu or role i18n keys) only when it exists. */
export function translateOr(key: string | null | undefined, fallback: string): string {
  if (key && i18n.exists(key)) return i18n.t(key);
  return fallback;
}

/**
 * The i18n key a menu or role keeps while its name is edited. The key translates the name it came
 * with, so a new name drops it (the row then shows the name as typed, in every language) and the
 * old name brings it back; a key the user typed themselves stays.
 */
export function keyForName(
  original: { name: string; key: string | null | undefined },
  name: string,
  key: string | null | undefined,
): string | null {
  if (original.key && name !== original.name && key === original.key) return null;
  if (original.key && name === original.name && !key) return original.key;
  return key ?? null;
}

/**
 * A text the server seeded in Chinese (dictionary and setting names, the administrator's name),
 * in the current language while the row still holds it; once someone changed it, as they typed it.
 */
export function seededText(key: string, stored: string): string {
  return stored === i18n.getResource('zh_CN', 'translation', key) ? i18n.t(key) : stored;
}

export default i18n;
