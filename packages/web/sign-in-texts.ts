import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SRC = path.resolve(import.meta.dirname, 'src');

/**
 * What the sign-in page shows, in both languages: the keys its sources pass to t('...'), plus the
 * ones they build (`lang.${locale}`). The whole dictionaries (about 26 KiB gzip each) load with
 * the rest of the app (lib/i18n.ts); a key missing here still shows, a moment later, as it makes
 * the sign-in page fetch them (and `npm run bench -- sign-in` then reports the page too heavy).
 */
const SIGN_IN_SOURCES = [
  'features/auth',
  'app-providers.tsx',
  'components/page-loading.tsx',
  'lib/http.ts',
  'router/route-guard.tsx',
  'stores/session.store.ts',
];
const SIGN_IN_KEYS = ['lang.zh_CN', 'lang.en_US'];
const LOCALES = ['zh_CN', 'en_US'] as const;
type Locale = (typeof LOCALES)[number];

// The patterns of test/locales.test.ts: t('key') and t(flag ? 'a' : 'b').
const KEY_PATTERNS = [/\bt\(\s*'([^']+)'/g, /\bt\([^()?]*\?\s*'([^']+)'\s*:\s*'([^']+)'/g];

function sourceFiles(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs.readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** The sign-in page's keys and their texts in both languages, and the files they came from. */
export function pickSignInTexts(): { texts: Record<Locale, Record<string, string>>; files: string[] } {
  const keys = new Set(SIGN_IN_KEYS);
  const sources = SIGN_IN_SOURCES.flatMap((entry) => sourceFiles(path.join(SRC, entry)));
  for (const file of sources.filter((f) => /\.tsx?$/.test(f))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) for (const key of match.slice(1)) if (key) keys.add(key);
    }
  }
  const dictionary = (locale: Locale) => path.join(SRC, 'locales', `${locale}.json`);
  const pick = (locale: Locale) => {
    const all = JSON.parse(fs.readFileSync(dictionary(locale), 'utf8')) as Record<string, string>;
    return Object.fromEntries([...keys].filter((k) => k in all).map((k) => [k, all[k] ?? '']));
  };
  return {
    texts: { zh_CN: pick('zh_CN'), en_US: pick('en_US') },
    files: [...sources, ...LOCALES.map(dictionary)],
  };
}

/** `virtual:sign-in-texts`: { zh_CN, en_US } holding only the sign-in page's keys. */
export function signInTexts(): Plugin {
  const id = 'virtual:sign-in-texts';
  return {
    name: 'buglet-sign-in-texts',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const { texts, files } = pickSignInTexts();
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
