import type { Db } from '../../db/connect.ts';
import type { Lang } from '../../http/i18n.ts';

const isLang = (value: string | null): value is Lang => value === 'zh_CN' || value === 'en_US';

/**
 * The language each person reads the app in, as they last chose it (their saved preference,
 * user-config `lang`); people who never chose one are left out (the caller's default applies).
 * What is pushed, mailed or posted to them is written in it.
 */
export async function readerLangs(db: Db, userIds: readonly number[]): Promise<Map<number, Lang>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUserConfig')
    .select(['userId', 'lang'])
    .where('userId', 'in', unique)
    .where('lang', 'is not', null)
    .execute();
  return new Map(rows.flatMap((r) => (isLang(r.lang) ? [[r.userId, r.lang] as const] : [])));
}
