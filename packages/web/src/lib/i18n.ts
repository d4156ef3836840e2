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

export default i18n;
