import type { JobTaskName } from '@buglet/contracts';
import { formatFileSize } from '@buglet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { kvSweep } from '../../db/kv.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import { markdownHtml, markdownText } from '../../lib/markdown.ts';
import { formatDateTime } from '../../lib/time.ts';
import { purgeDeletedDefects } from '../defects/defect-bin.ts';
import { shownNotice } from '../notices/notices.routes.ts';
import type { Outbox } from '../notices/outbox.ts';
import { purgeBin } from '../recycle-bin/recycle-bin.ts';
import { backupDatabase } from './database-backup.ts';
import { cleanOrphanUploads } from './upload-orphans.ts';

export interface TaskContext {
  db: Db;
  config: AppConfig;
  outbox: Outbox;
  log: FastifyBaseLogger;
}

/** What a run did, kept as a message key so each reader sees it in their language. */
export interface TaskResult {
  key: MessageKey;
  args: Array<string | number>;
}

type TaskRun = (ctx: TaskContext, args: number[]) => Promise<TaskResult>;

const DAY_MS = 86_400_000;
/** Unread notices listed in one digest; the rest are counted. */
const DIGEST_MAX_ITEMS = 20;

/** The implementations of the whitelist (contracts `JOB_TASKS`); nothing else can run. */
export const TASK_RUNNERS: Record<JobTaskName, TaskRun> = {
  purgeLogs: async ({ db, config }, [days = 30]) => {
    const before = formatDateTime(new Date(Date.now() - days * DAY_MS));
    const logins = await db.deleteFrom('sysLogininfor').where('loginTime', '<', before).executeTakeFirst();
    const jobs = await db.deleteFrom('sysJobLog').where('createTime', '<', before).executeTakeFirst();
    // The operation log arrives with its own feature; until its table exists there is nothing to purge.
    const hasOperLog = await tableExists(db, config, 'sys_oper_log');
    const opers = hasOperLog
      ? Number(
          (await sql`delete from sys_oper_log where oper_time < ${before}`.execute(db)).numAffectedRows ?? 0,
        )
      : 0;
    return {
      key: 'job.result.purge-logs',
      args: [Number(logins.numDeletedRows), opers, Number(jobs.numDeletedRows), before],
    };
  },

  purgeExpired: async ({ db }) => {
    const now = Date.now();
    const sessions = await db.deleteFrom('sysSession').where('expireAt', '<', now).executeTakeFirst();
    const shares = await db
      .deleteFrom('sysDefectShard')
      .where('agingAt', 'is not', null)
      .where('agingAt', '<', now)
      .executeTakeFirst();
    await kvSweep(db, now);
    return {
      key: 'job.result.purge-expired',
      args: [Number(sessions.numDeletedRows), Number(shares.numDeletedRows)],
    };
  },

  // Deleted defects, cases and documents kept longer than `days` in their recycle bins go for good.
  purgeRecycleBin: async ({ db }, [days = 30]) => {
    const before = formatDateTime(new Date(Date.now() - days * DAY_MS));
    const defects = await purgeDeletedDefects(db, before);
    const others = await purgeBin(db, before);
    return { key: 'job.result.purge-bin', args: [defects, others, before] };
  },

  backupDatabase: async ({ config }, [keep = 7]) => {
    const done = await backupDatabase(config, keep);
    return { key: 'job.result.backup', args: [done.fileName, formatFileSize(done.size), done.removed] };
  },

  sendNoticeDigests: async (ctx, [hours = 24]) => {
    const sent = await sendNoticeDigests(ctx, hours);
    return { key: 'job.result.digests', args: [sent.people, sent.notices] };
  },

  recountTallies: async ({ db, config }) => {
    const changed = await recountTallies(db, config);
    return { key: 'job.result.recount', args: [changed] };
  },

  cleanOrphanUploads: async ({ db, config }, [graceDays = 7]) => {
    const done = await cleanOrphanUploads(db, config, graceDays * DAY_MS);
    return {
      key: 'job.result.orphans',
      args: [done.removed, formatFileSize(done.bytes), done.scanned, done.referenced],
    };
  },
};

async function tableExists(db: Db, config: AppConfig, table: string): Promise<boolean> {
  if (config.database.kind === 'postgres') {
    const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(
      db,
    );
    return Boolean(rows[0]?.found);
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name = ${table}`.execute(db);
  return rows.length > 0;
}

/**
 * Rebuilds the defect tallies from the defects (project, type, state → count; project, handler,
 * state → count) and says how many counts were wrong. Writers to `sys_defect` and its handlers
 * wait meanwhile on PostgreSQL (their triggers write the tallies), so no change slips between the
 * count and the write.
 */
async function recountTallies(db: Db, config: AppConfig): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (config.database.kind === 'postgres')
      await sql`lock table sys_defect, sys_defect_handler in share mode`.execute(trx);
    const byType = await trx
      .selectFrom('sysDefect')
      .select(['projectId', 'defectType', 'defectState', (eb) => eb.fn.countAll<number>().as('n')])
      .where('isDeleted', '=', 0)
      .groupBy(['projectId', 'defectType', 'defectState'])
      .execute();
    const byHandler = await trx
      .selectFrom('sysDefectHandler as h')
      .innerJoin('sysDefect as d', 'd.defectId', 'h.defectId')
      .select(['d.projectId', 'h.userId', 'd.defectState', (eb) => eb.fn.countAll<number>().as('n')])
      .where('d.isDeleted', '=', 0)
      .groupBy(['d.projectId', 'h.userId', 'd.defectState'])
      .execute();
    return (
      (await rewriteTally(trx, 'sysDefectTally', ['projectId', 'defectType', 'defectState'], byType)) +
      (await rewriteTally(trx, 'sysDefectHandlerTally', ['projectId', 'userId', 'defectState'], byHandler))
    );
  });
}

type TallyRow = Record<string, number>;

/** Sets a tally's stored counts to `fresh` (a key absent from it counts 0); how many were wrong. */
async function rewriteTally(
  trx: Db,
  table: 'sysDefectTally' | 'sysDefectHandlerTally',
  keys: string[],
  fresh: object[],
): Promise<number> {
  const key = (r: TallyRow) => keys.map((k) => r[k]).join(':');
  const want = new Map((fresh as TallyRow[]).map((r) => [key(r), { ...r, n: Number(r.n) }]));
  const stored = (await trx.selectFrom(table).selectAll().execute()) as TallyRow[];
  const have = new Map(stored.map((r) => [key(r), r]));
  let changed = 0;
  for (const [k, row] of have) {
    if ((want.get(k)?.n ?? 0) === row.n) continue;
    changed += 1;
    let update = trx.updateTable(table as 'sysDefectTally').set({ n: want.get(k)?.n ?? 0 });
    for (const column of keys) update = update.where(column as 'projectId', '=', row[column] as number);
    await update.execute();
  }
  const missing = [...want.entries()].filter(([k]) => !have.has(k)).map(([, row]) => row);
  changed += missing.length;
  for (let at = 0; at < missing.length; at += 500)
    await trx
      .insertInto(table as 'sysDefectTally')
      .values(missing.slice(at, at + 500) as never)
      .execute();
  return changed;
}

/**
 * One e-mail per person with unread notices from the last `hours`, to the address of their
 * account, through the notice outbox (so it is retried like any other mail). People without an
 * address, and disabled accounts, are left out.
 */
async function sendNoticeDigests(
  { db, config, outbox }: TaskContext,
  hours: number,
): Promise<{ people: number; notices: number }> {
  if (!(await outbox.mailServer())) throw new AppError('job.digest.no-mail-server');
  const since = formatDateTime(new Date(Date.now() - hours * 3_600_000));
  const rows = await db
    .selectFrom('sysNotice as n')
    .innerJoin('sysUser as u', 'u.userId', 'n.receiverId')
    .leftJoin('sysUserConfig as c', 'c.userId', 'u.userId')
    .leftJoin('sysProject as p', 'p.projectId', 'n.projectId')
    .select([
      'n.noticeId',
      'n.noticeTitle',
      'n.noticeContent',
      'n.noticeKey',
      'n.noticeArgs',
      'n.groupName',
      'n.projectId',
      'n.src',
      'n.isRead',
      'n.createTime',
      'n.createBy',
      'n.receiverId',
      'u.email',
      'c.lang',
      'p.projectName',
    ])
    .where('n.isRead', '=', 0)
    .where('n.createTime', '>=', since)
    .where('u.status', '=', '0')
    .where('u.delFlag', '=', '0')
    .where('u.email', 'is not', null)
    .where('u.email', '!=', '')
    .orderBy('n.receiverId')
    .orderBy('n.createTime', 'desc')
    .execute();
  const byPerson = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byPerson.get(row.receiverId);
    if (list) list.push(row);
    else byPerson.set(row.receiverId, [row]);
  }
  for (const [userId, notices] of byPerson) {
    const first = notices[0];
    if (!first?.email) continue;
    const lang: Lang = first.lang === 'en_US' ? 'en_US' : 'zh_CN';
    const lines = notices.slice(0, DIGEST_MAX_ITEMS).map((row) => {
      const shown = shownNotice(row, lang);
      const where = row.projectName ? ` (${row.projectName})` : '';
      const link = row.src ? `${config.publicUrl}/#${row.src}` : config.publicUrl;
      return `- ${row.createTime} [${escapeLinkText(shown.noticeTitle)}](${link})${escapeLinkText(where)}`;
    });
    const more = notices.length - lines.length;
    const content = [
      translate(lang, 'job.digest.intro', [notices.length, hours]),
      '',
      ...lines,
      ...(more > 0 ? ['', translate(lang, 'job.digest.more', [more])] : []),
      '',
      `[${translate(lang, 'job.digest.open')}](${config.publicUrl}/#/notice/index)`,
    ].join('\n');
    await outbox.enqueue(null, userId, {
      channel: 'mail',
      to: first.email,
      subject: translate(lang, 'job.digest.subject', [notices.length]),
      html: await markdownHtml(content),
      text: await markdownText(content),
    });
  }
  return { people: byPerson.size, notices: rows.length };
}

const escapeLinkText = (text: string) => text.replace(/([[\]\\])/g, '\\$1');
