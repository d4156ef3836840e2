import signInTexts from 'virtual:sign-in-texts';
import type { Locale as AntdLocale } from 'antd/es/locale';
// The ES build: antd/locale/* is CommonJS and brings a second copy of the picker locales.
import antdZhCN from 'antd/es/locale/zh_CN';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Locale = 'zh_CN' | 'en_US';
export const LOCALES: readonly Locale[] = ['zh_CN', 'en_US'];
export const LOCALE_STORAGE_KEY = 'i18n-locale';

export function readLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  return stored === 'en_US' ? 'en_US' : 'zh_CN';
}

const initial = readLocale();

/*
 * The texts come in two parts. The first page carries the sign-in page's keys in both languages
 * (picked at build time, vite.config.ts). A whole dictionary is a chunk of its own: the app frame
 * fetches Chinese (the fallback, which seededText also reads) and the language shown, and from
 * then on a language switch fetches the new one first. A key the sign-in part lacks fetches them
 * too, and shows once they are here. Ant Design's English texts likewise wait until chosen.
 */
const DICTIONARIES: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  zh_CN: () => import('../locales/zh_CN.json'),
  en_US: () => import('../locales/en_US.json'),
};
const dictionaries = new Map<Locale, Promise<void>>();
let isWhole = false;
let hasWhole = false;

function loadDictionary(locale: Locale): Promise<void> {
  let loading = dictionaries.get(locale);
  if (!loading) {
    loading = DICTIONARIES[locale]().then(
      (texts) => void i18n.addResourceBundle(locale, 'translation', texts.default, true, true),
      (error: unknown) => {
        dictionaries.delete(locale);
        throw error;
      },
    );
    dictionaries.set(locale, loading);
  }
  return loading;
}

/** Whole dictionaries from now on (the app frame waits for them): Chinese and the language shown. */
export async function loadAllTexts(): Promise<void> {
  isWhole = true;
  await Promise.all([loadDictionary('zh_CN'), loadDictionary(currentLocale())]);
  hasWhole = true;
}

const antdLocales: Partial<Record<Locale, AntdLocale>> = { zh_CN: antdZhCN };
let antdEnglish: Promise<void> | undefined;

/** What a language needs before it shows: Ant Design's texts, and its dictionary once whole ones are in use. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (isWhole) await loadDictionary(locale);
  if (locale === 'zh_CN') return;
  antdEnglish ??= import('antd/es/locale/en_US').then(
    (antd) => {
      antdLocales.en_US = antd.default;
    },
    (error: unknown) => {
      antdEnglish = undefined;
      throw error;
    },
  );
  await antdEnglish;
}

/** Ant Design's texts for the language shown (Chinese until English has arrived). */
export function antdLocale(): AntdLocale {
  return antdLocales[currentLocale()] ?? antdZhCN;
}

// Keys are flat and contain dots ("system.user"), so both separators are switched off.
void i18n.use(initReactI18next).init({
  resources: { zh_CN: { translation: signInTexts.zh_CN }, en_US: { translation: signInTexts.en_US } },
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: 'zh_CN',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key outside the sign-in part: fetch the whole dictionaries, show nothing until they arrive.
  saveMissing: true,
  missingKeyHandler: () => {
    if (!isWhole) void loadAllTexts().catch(() => {});
  },
  parseMissingKeyHandler: (key) => (hasWhole ? key : ''),
  // Components render again when a dictionary arrives.
  react: { bindI18nStore: 'added' },
});

export function currentLocale(): Locale {
  return i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
}

export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
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
