import type { Db } from '../../db/connect.ts';
import type { AppError } from '../../http/errors.ts';
import { isMessageKey, type Lang, translate } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';

/** Messages are stored as `key|arg|arg` and read in the reader's language. */
export function encodeLogMessage(error: AppError): string {
  return [error.key, ...error.args].join('|');
}

export function decodeLogMessage(lang: Lang, stored: string | null): string | null {
  if (!stored) return stored;
  const [key = '', ...args] = stored.split('|');
  return isMessageKey(key) ? translate(lang, key, args) : stored;
}

export interface LoginLogEntry {
  userName: string;
  ipaddr: string;
  browser: string;
  os: string;
  isSuccess: boolean;
  msg: string;
}

export async function insertLoginLog(db: Db, e: LoginLogEntry): Promise<void> {
  await db
    .insertInto('sysLogininfor')
    .values({
      userName: e.userName.slice(0, 50),
      ipaddr: e.ipaddr,
      loginLocation: isPrivateIp(e.ipaddr) ? 'login.location.intranet' : null,
      browser: e.browser.slice(0, 50),
      os: e.os.slice(0, 50),
      status: e.isSuccess ? '0' : '1',
      msg: e.msg.slice(0, 255),
      loginTime: formatDateTime(),
    })
    .execute();
}

export function isPrivateIp(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  return (
    v4 === '::1' ||
    /^127\./.test(v4) ||
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4)
  );
}

export interface LoginLogFilter {
  ipaddr?: string;
  userName?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

function filtered(db: Db, f: LoginLogFilter) {
  let q = db.selectFrom('sysLogininfor');
  if (f.ipaddr) q = q.where('ipaddr', 'like', `%${f.ipaddr}%`);
  if (f.userName) q = q.where('userName', 'like', `%${f.userName}%`);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.beginTime) q = q.where('loginTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('loginTime', '<=', `${f.endTime} 23:59:59`);
  return q;
}

export async function listLoginLogs(
  db: Db,
  f: LoginLogFilter,
  limit: number,
  offset: number,
  order: ['infoId' | 'loginTime' | 'userName' | 'status', 'asc' | 'desc'],
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy(order[0], order[1])
      .orderBy('infoId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function deleteLoginLogs(db: Db, ids: number[]) {
  await db.deleteFrom('sysLogininfor').where('infoId', 'in', ids).execute();
}

export async function clearLoginLogs(db: Db) {
  await db.deleteFrom('sysLogininfor').execute();
}
