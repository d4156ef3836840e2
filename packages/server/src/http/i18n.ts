import enUS from '../locales/en_US.json' with { type: 'json' };
import zhCN from '../locales/zh_CN.json' with { type: 'json' };

export type Lang = 'zh_CN' | 'en_US';
export type MessageKey = keyof typeof zhCN;
/**
 * A message argument: a value, another message (an action or state name, or a whole sentence with
 * its own arguments) to translate too, or several of them joined (one per line of an import).
 */
export type MessageArg =
  | string
  | number
  | { key: MessageKey; args?: readonly MessageArg[] }
  | { join: readonly MessageArg[]; sep?: string };

const CATALOGUES: Record<Lang, Record<string, string>> = { zh_CN: zhCN, en_US: enUS };

/** The `language` request header picks the catalogue; zh_CN is the default. */
export function langFrom(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.toLowerCase().startsWith('en') ? 'en_US' : 'zh_CN';
}

export function isMessageKey(key: string): key is MessageKey {
  // Own keys only: a stored text such as 'constructor' is no message.
  return Object.hasOwn(zhCN, key);
}

/** Positional `{0}` placeholders, as the original's bundles use. */
export function translate(lang: Lang, key: MessageKey, args: readonly MessageArg[] = []): string {
  const template = CATALOGUES[lang][key] ?? key;
  return template.replace(/\{(\d+)\}/g, (match, i: string) => {
    const arg = args[Number(i)];
    if (arg === undefined) return match;
    return argText(lang, arg);
  });
}

function argText(lang: Lang, arg: MessageArg): string {
  if (typeof arg !== 'object') return String(arg);
  if ('join' in arg) return arg.join.map((a) => argText(lang, a)).join(arg.sep ?? '\n');
  return translate(lang, arg.key, arg.args);
}
