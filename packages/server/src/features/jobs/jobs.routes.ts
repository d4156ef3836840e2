import {
  cronNextQuery,
  JOB_TASKS,
  job,
  jobBody,
  jobListQuery,
  jobRunBody,
  jobStatusBody,
  jobTask,
  jobUpdateBody,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { EXPORT_MAX_ROWS, type SheetColumn, sendListSheet } from '../../lib/xlsx.ts';
import { nextFireTimes } from './cron.ts';
import { findJob, type JobRow, listJobs } from './jobs.repository.ts';
import {
  changeJobStatus,
  createJob,
  editJob,
  type Jobs,
  removeJobs,
  runJobOnce,
  shownJob,
} from './jobs.service.ts';

const COLUMNS: SheetColumn[] = [
  { key: 'jobId', header: { zh_CN: '任务序号', en_US: 'Job ID' }, width: 10 },
  { key: 'jobName', header: { zh_CN: '任务名称', en_US: 'Job name' }, width: 24 },
  { key: 'jobGroup', header: { zh_CN: '任务组名', en_US: 'Job group' }, width: 14 },
  { key: 'invokeTarget', header: { zh_CN: '调用目标字符串', en_US: 'Invoke target' }, width: 30 },
  { key: 'cronExpression', header: { zh_CN: '执行表达式', en_US: 'Cron expression' }, width: 22 },
  { key: 'misfirePolicy', header: { zh_CN: '计划策略', en_US: 'Misfire policy' }, width: 16 },
  { key: 'concurrent', header: { zh_CN: '并发执行', en_US: 'Concurrent' }, width: 12 },
  { key: 'status', header: { zh_CN: '任务状态', en_US: 'Status' }, width: 10 },
  { key: 'nextValidTime', header: { zh_CN: '下次执行时间', en_US: 'Next run' }, width: 20 },
  { key: 'remark', header: { zh_CN: '备注', en_US: 'Notes' }, width: 30 },
];

const labelled = (lang: Lang, row: ReturnType<typeof shownJob>) => ({
  ...row,
  misfirePolicy: translate(lang, misfireKey(row.misfirePolicy)),
  concurrent: translate(lang, row.concurrent === '0' ? 'job.concurrent.allowed' : 'job.concurrent.forbidden'),
  status: translate(lang, row.status === '0' ? 'job.status.normal' : 'job.status.paused'),
});
const misfireKey = (policy: string) =>
  policy === '1' ? 'job.misfire.1' : policy === '2' ? 'job.misfire.2' : 'job.misfire.3';

const filterOf = (q: z.infer<typeof jobListQuery>) => ({
  jobName: q.jobName,
  jobGroup: q.jobGroup,
  status: q.status,
  invokeTarget: q.invokeTarget,
});

/**
 * `/monitor/job/**`, the original's paths, fields and permissions (run once takes
 * `monitor:job:changeStatus`, as in the original). The invoke target is one of the tasks the
 * server offers (`GET /monitor/job/tasks`), never code.
 */
export function registerJobRoutes(r: Router, jobs: Jobs): void {
  const { db } = r.deps;

  r.get('/monitor/job/list', {
    guard: perm('monitor:job:list'),
    query: jobListQuery,
    output: job,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listJobs(db, filterOf(ctx.query), limit, offset);
      return ctx.table(rows.map(shownJob), total);
    },
  });

  r.post('/monitor/job/export', {
    guard: perm('monitor:job:export'),
    query: jobListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows } = await listJobs(db, filterOf(q), EXPORT_MAX_ROWS + 1, 0);
      const shown = rows.map((row: JobRow) => labelled(ctx.lang, shownJob(row)));
      const file = `${ctx.t('job.excel.file')}_${Date.now()}.xlsx`;
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('job.excel.sheet'), COLUMNS, shown, file);
    },
  });

  // The dialog's task picker: each task of the whitelist with its typed parameters.
  r.get('/monitor/job/tasks', {
    guard: perm('monitor:job:list'),
    output: jobTask,
    handler: async (ctx) => ctx.ok(JOB_TASKS),
  });

  // The cron builder's preview: the next run times, or the problem with the expression.
  r.get('/monitor/job/cron/next', {
    guard: perm('monitor:job:list'),
    query: cronNextQuery,
    handler: async (ctx) => {
      const times = nextFireTimes(ctx.query.cronExpression, ctx.query.count ?? 5);
      return ctx.ok(times.map((d) => formatDateTime(d)));
    },
  });

  r.get('/monitor/job/:jobId', {
    guard: perm('monitor:job:query'),
    params: z.object({ jobId: z.coerce.number().int().min(1) }),
    output: job,
    handler: async (ctx) => {
      const found = await findJob(db, ctx.params.jobId);
      if (!found) throw new AppError('job.not-found', [ctx.params.jobId]);
      return ctx.ok(shownJob(found));
    },
  });

  r.post('/monitor/job', {
    guard: perm('monitor:job:add'),
    body: jobBody,
    handler: async (ctx) => ctx.ok({ jobId: await createJob(jobs, ctx.body, ctx.me) }),
  });

  r.put('/monitor/job', {
    guard: perm('monitor:job:edit'),
    body: jobUpdateBody,
    handler: async (ctx) => {
      await editJob(jobs, ctx.body.jobId, ctx.body, ctx.me);
      return ctx.ok();
    },
  });

  r.put('/monitor/job/changeStatus', {
    guard: perm('monitor:job:changeStatus'),
    body: jobStatusBody,
    handler: async (ctx) => {
      await changeJobStatus(jobs, ctx.body.jobId, ctx.body.status, ctx.me);
      return ctx.ok();
    },
  });

  r.put('/monitor/job/run', {
    guard: perm('monitor:job:changeStatus'),
    body: jobRunBody,
    handler: async (ctx) => {
      await runJobOnce(jobs, ctx.body.jobId);
      return { code: ResultCode.success, msg: ctx.t('job.run.started') };
    },
  });

  r.delete('/monitor/job/:jobIds', {
    guard: perm('monitor:job:remove'),
    params: z.object({ jobIds: z.string() }),
    handler: async (ctx) => {
      await removeJobs(jobs, parseIds(ctx.params.jobIds));
      return ctx.ok();
    },
  });
}
