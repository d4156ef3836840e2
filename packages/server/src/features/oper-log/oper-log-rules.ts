import { BUSINESS_TYPE, type BusinessType } from '@buglet/contracts';
import { isMessageKey, type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import { tagOf } from '../../http/openapi.ts';

/**
 * Which requests the operation log records and how it files them, as pure rules: every write
 * (POST, PUT, DELETE) made through the router, and the few GETs that change something, except
 * what another log already holds (sign-in, registration and sign-out are the login log's) and
 * presence pings that change no data.
 */

/** Writes the operation log leaves out, by route pattern. */
const NOT_RECORDED = [/^\/(login|login\/totp|register|logout)$/, /\/close-edit-window$/];

/** GET routes that change something (the original logged them too), with their business type. */
const RECORDED_GETS: Array<[RegExp, BusinessType]> = [
  [/^\/monitor\/logininfor\/unlock\//, BUSINESS_TYPE.other],
  [/^\/tool\/gen\/synchDb\//, BUSINESS_TYPE.update],
  [/^\/tool\/gen\/(genCode|download|batchGenCode)\b/, BUSINESS_TYPE.gencode],
];

/** The business type of a request to a route, or undefined when it is not recorded. */
export function businessTypeOf(method: string, url: string): BusinessType | undefined {
  if (method === 'GET') return RECORDED_GETS.find(([pattern]) => pattern.test(url))?.[1];
  if (method !== 'POST' && method !== 'PUT' && method !== 'DELETE') return undefined;
  if (NOT_RECORDED.some((pattern) => pattern.test(url))) return undefined;
  if (/\/(authRole|authUser|dataScope)(\/|$)/.test(url)) return BUSINESS_TYPE.grant;
  if (/\/export$/.test(url)) return BUSINESS_TYPE.export;
  if (/\/(import|importData)$/.test(url)) return BUSINESS_TYPE.import;
  if (/^\/tool\/gen\/(genCode|batchGenCode)\b/.test(url)) return BUSINESS_TYPE.gencode;
  if (method === 'DELETE') {
    if (/\/(clean|refreshCache|clearCache\w*)(\/|$)/.test(url)) return BUSINESS_TYPE.clean;
    if (/^\/monitor\/online\//.test(url)) return BUSINESS_TYPE.force;
    return BUSINESS_TYPE.delete;
  }
  return method === 'POST' ? BUSINESS_TYPE.insert : BUSINESS_TYPE.update;
}

/** Routes filed under a narrower module than their group (the profile is not user management). */
const MODULE_PREFIXES = ['/system/user/profile'];

/**
 * The module a route belongs to (the log's `title`): its group as the API document tags it
 * (`system/defect`, `api`), stored as such and named in the reader's language when shown.
 */
export function moduleOf(url: string): string {
  const narrower = MODULE_PREFIXES.find((p) => url === p || url.startsWith(`${p}/`));
  return (narrower ? narrower.slice(1) : tagOf(url)).slice(0, 50);
}

const moduleKey = (module: string) => `operlog.module.${module.replaceAll('/', '.')}`;

/** A module's name in the reader's language, or the module itself when it has none. */
export function moduleName(lang: Lang, module: string | null): string | null {
  if (!module) return module;
  const key = moduleKey(module);
  return isMessageKey(key) ? translate(lang, key as MessageKey) : module;
}

/**
 * The modules whose name (in either language) or own text contains `text`: the title filter
 * finds "缺陷" and "Defects" as well as "system/defect".
 */
export function modulesNamed(text: string, known: readonly string[]): string[] {
  const wanted = text.trim().toLowerCase();
  return known.filter((m) =>
    [m, moduleName('zh_CN', m), moduleName('en_US', m)].some((name) => name?.toLowerCase().includes(wanted)),
  );
}
