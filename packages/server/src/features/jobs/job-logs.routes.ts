import { jobLog, jobLogListQuery } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { EXPORT_MAX_ROWS, type SheetColumn, sendListSheet } from '../../lib/xlsx.ts';
import { decodeLogMessage } from '../login-log/login-log.repository.ts';
import { clearJobLogs, deleteJobLogs, findJobLog, type JobLogRow, listJobLogs } from './jobs.repository.ts';

const COLUMNS: SheetColumn[] = [
  { key: 'jobLogId', header: { zh_CN: '日志序号', en_US: 'Log ID' }, width: 10 },
  { key: 'jobName', header: { zh_CN: '任务名称', en_US: 'Job name' }, width: 24 },
  { key: 'jobGroup', header: { zh_CN: '任务组名', en_US: 'Job group' }, width: 14 },
  { key: 'invokeTarget', header: { zh_CN: '调用目标字符串', en_US: 'Invoke target' }, width: 30 },
  { key: 'jobMessage', header: { zh_CN: '日志信息', en_US: 'Message' }, width: 50 },
  { key: 'status', header: { zh_CN: '执行状态', en_US: 'Status' }, width: 10 },
  { key: 'exceptionInfo', header: { zh_CN: '异常信息', en_US: 'Error' }, width: 50 },
  { key: 'fireTime', header: { zh_CN: '计划时间', en_US: 'Scheduled for' }, width: 20 },
  { key: 'startTime', header: { zh_CN: '开始时间', en_US: 'Started' }, width: 20 },
  { key: 'stopTime', header: { zh_CN: '结束时间', en_US: 'Ended' }, width: 20 },
  { key: 'costTime', header: { zh_CN: '耗时(毫秒)', en_US: 'Duration (ms)' }, width: 14 },
];

/** Results and errors are stored as message keys and read in the reader's language. */
const shownLog = (lang: Lang, row: JobLogRow) => ({
  ...row,
  jobMessage: decodeLogMessage(lang, row.jobMessage),
  exceptionInfo: decodeLogMessage(lang, row.exceptionInfo),
});

const filterOf = (q: z.infer<typeof jobLogListQuery>) => ({
  jobId: q.jobId,
  jobName: q.jobName,
  jobGroup: q.jobGroup,
  status: q.status,
  beginTime: q.params?.beginTime,
  endTime: q.params?.endTime,
});

/** `/monitor/jobLog/**`: the runs of the jobs, newest first (`jobId` narrows to one job's runs). */
export function registerJobLogRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/monitor/jobLog/list', {
    guard: perm('monitor:job:list'),
    query: jobLogListQuery,
    output: jobLog,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listJobLogs(db, filterOf(ctx.query), limit, offset);
      return ctx.table(
        rows.map((row) => shownLog(ctx.lang, row)),
        total,
      );
    },
  });

  r.post('/monitor/jobLog/export', {
    guard: perm('monitor:job:export'),
    query: jobLogListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows } = await listJobLogs(db, filterOf(q), EXPORT_MAX_ROWS + 1, 0);
      const shown = rows.map((row) => ({
        ...shownLog(ctx.lang, row),
        status: ctx.t(row.status === '0' ? 'job.log.succeeded' : 'job.log.failed'),
      }));
      const file = `${ctx.t('job.log.excel.file')}_${Date.now()}.xlsx`;
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('job.log.excel.sheet'), COLUMNS, shown, file);
    },
  });

  // Before `/:jobLogIds`, so "clean" is never read as an id list.
  r.delete('/monitor/jobLog/clean', {
    guard: perm('monitor:job:remove'),
    handler: async (ctx) => {
      await clearJobLogs(db);
      return ctx.ok();
    },
  });

  r.get('/monitor/jobLog/:jobLogId', {
    guard: perm('monitor:job:query'),
    params: z.object({ jobLogId: z.coerce.number().int().min(1) }),
    output: jobLog,
    handler: async (ctx) => {
      const found = await findJobLog(db, ctx.params.jobLogId);
      if (!found) throw new AppError('job.log.not-found', [ctx.params.jobLogId]);
      return ctx.ok(shownLog(ctx.lang, found));
    },
  });

  r.delete('/monitor/jobLog/:jobLogIds', {
    guard: perm('monitor:job:remove'),
    params: z.object({ jobLogIds: z.string() }),
    handler: async (ctx) => ctx.ok({ removed: await deleteJobLogs(db, parseIds(ctx.params.jobLogIds)) }),
  });
}
