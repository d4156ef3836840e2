import {
  pageQuery,
  type ReportSource,
  report,
  reportCreateBody,
  reportData,
  reportDataQuery,
  reportLabels,
  reportUpdateBody,
} from '@buglet/contracts';
import { z } from 'zod';
import { loadAccess } from '../../access/access.service.ts';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import { authenticated, hasPermi, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { settingsOf } from '../notices/notice-settings.repository.ts';
import { deliver } from '../notices/notices.service.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import { loadReportData, ORIGINAL_NEEDS } from './report-data.repository.ts';
import { findReport, listReports, type ReportFilter } from './reports.repository.ts';

const ids = z.string().max(12_000);

export const reportListQuery = pageQuery.extend({
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1),
  reportTitle: z.string().max(255).optional(),
  reportDataCoder: z.string().max(255).optional(),
  createById: z.coerce.number().int().min(1).optional(),
  createByIds: ids.optional(),
  params: z
    .object({
      beginReportTime: z.string().max(19).optional(),
      endReportTime: z.string().max(19).optional(),
      createByIds: ids.optional(),
    })
    .optional(),
});

const filterOf = (q: z.infer<typeof reportListQuery>): ReportFilter => {
  const people = q.params?.createByIds ?? q.createByIds;
  return {
    projectId: q.projectId,
    reportTitle: q.reportTitle?.trim() || undefined,
    beginTime: q.params?.beginReportTime || undefined,
    endTime: q.params?.endReportTime || undefined,
    reportDataCoder: q.reportDataCoder || undefined,
    createByIds: [...(people ? parseIds(people) : []), ...(q.createById ? [q.createById] : [])],
  };
};

/** markdown-it with the report directives, loaded with the first text report: start-up does without it. */
let reportPipeline:
  | Promise<typeof import('@buglet/contracts/report-markdown') & { md: import('markdown-it').default }>
  | undefined;
const loadReportPipeline = () =>
  (reportPipeline ??= import('@buglet/contracts/report-markdown').then((m) => ({
    ...m,
    md: m.createReportMarkdown(),
  })));

const REPORT_COLUMNS: SheetColumn[] = [
  { key: 'reportTitle', header: { zh_CN: '报告标题', en_US: 'Report title' }, width: 40 },
  { key: 'reportType', header: { zh_CN: '报告类型', en_US: 'Report type' }, width: 14 },
  { key: 'reportTime', header: { zh_CN: '报告时间', en_US: 'Report time' }, width: 20 },
  { key: 'reportSource', header: { zh_CN: '报告来源', en_US: 'Report source' }, width: 20 },
  { key: 'createBy', header: { zh_CN: '推送人', en_US: 'Sender' }, width: 16 },
];

/** Reports: text snapshots and realtime reports of a project, and the data their directives draw on. */
export function registerReportRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/report/list', {
    guard: perm('system:report:list'),
    query: reportListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: report,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listReports(db, filterOf(ctx.query), limit, offset);
      const focus = await Promise.all(rows.map((row) => r.deps.focus.lookers('report', row.reportId)));
      return ctx.table(
        rows.map((row, i) => ({ ...row, focusList: focus[i] })),
        total,
      );
    },
  });

  r.get('/system/report/:reportId', {
    guard: perm('system:report:query', 'system:report:list'),
    params: z.object({ reportId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'report', reportId: params.reportId }),
    output: report,
    handler: async (ctx) => {
      const found = await findReport(db, ctx.params.reportId);
      if (!found) throw new AppError('report.not-found');
      await r.deps.focus.open('report', found.reportId, found.projectId, ctx.me.userId);
      return ctx.ok({ ...found, focusList: await r.deps.focus.lookers('report', found.reportId) });
    },
  });

  r.post('/system/report/close-edit-window', {
    guard: authenticated,
    handler: async (ctx) => {
      await r.deps.focus.closeAll(ctx.me.userId);
      return ctx.ok();
    },
  });

  r.post('/system/report', {
    guard: perm('system:report:add'),
    body: reportCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: report,
    handler: async (ctx) => {
      const b = ctx.body;
      let description = b.reportDescription;
      // A plan's figures are written into the report as they stand now: a snapshot.
      if (b.planId && b.reportType !== 'text') throw new AppError('report.plan.snapshot-only');
      if (b.reportType === 'text') {
        // A snapshot: every directive written out now, with today's data, in the author's language.
        const { md, reportNeeds, snapshotReport } = await loadReportPipeline();
        const data = await loadReportData(db, b.projectId, reportNeeds(md, description), b.planId);
        description = snapshotReport(md, description, data, reportLabels(ctx.lang));
      }
      const created = await db
        .insertInto('sysReport')
        .values({
          projectId: b.projectId,
          reportTitle: b.reportTitle,
          reportType: b.reportType,
          reportTime: b.reportTime ?? formatDateTime(),
          reportDescription: description,
          reportData: b.reportData === undefined ? null : JSON.stringify(b.reportData),
          reportKey: b.reportKey ?? null,
          reportSource: b.srcHost ?? ctx.req.ip,
          createById: ctx.me.userId,
        })
        .returning('reportId')
        .executeTakeFirstOrThrow();
      // A plan's report: the plan links to it (its project's plan only, checked with the data).
      if (b.planId)
        await db
          .updateTable('sysPlan')
          .set({ reportId: created.reportId })
          .where('planId', '=', b.planId)
          .where('projectId', '=', b.projectId)
          .execute();
      await notifyReportCreated(r, b.projectId, created.reportId, b.reportTitle, ctx.me);
      return ctx.ok(await findReport(db, created.reportId));
    },
  });

  r.put('/system/report', {
    guard: perm('system:report:edit'),
    body: reportUpdateBody,
    scope: ({ body }) => ({ kind: 'report', reportId: body.reportId, isWrite: true }),
    output: report,
    handler: async (ctx) => {
      const { reportId, reportData: data, ...fields } = ctx.body;
      // An update is stored as sent: a text report is not written out again.
      await db
        .updateTable('sysReport')
        .set({ ...fields, ...(data === undefined ? {} : { reportData: JSON.stringify(data) }) })
        .where('reportId', '=', reportId)
        .execute();
      return ctx.ok(await findReport(db, reportId));
    },
  });

  r.delete('/system/report/:reportIds', {
    guard: perm('system:report:remove'),
    params: z.object({ reportIds: ids }),
    scope: ({ params }) => ({ kind: 'report', reportId: parseIds(params.reportIds), isWrite: true }),
    handler: async (ctx) => {
      const removed = await db
        .deleteFrom('sysReport')
        .where('reportId', 'in', parseIds(ctx.params.reportIds))
        .where('projectId', '=', ctx.scoped.projectId)
        .executeTakeFirst();
      return ctx.ok({ removed: Number(removed.numDeletedRows) });
    },
  });

  r.post('/system/report/export', {
    guard: authenticated,
    query: reportListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      await enterProjectWith(db, ctx.me, q.projectId, 'system:report:export');
      const { rows, total } = await listReports(db, filterOf(q), EXPORT_MAX_ROWS, 0);
      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const typeName = (t: string) => ctx.t(t === 'realtime' ? 'report.type.realtime' : 'report.type.text');
      const wb = await buildWorkbook(
        ctx.t('excel.report.sheet'),
        REPORT_COLUMNS,
        rows.map((row) => ({
          reportTitle: row.reportTitle,
          reportType: typeName(row.reportType),
          reportTime: row.reportTime,
          reportSource: row.reportSource,
          createBy: row.createBy,
        })),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.report.export-file')}.xlsx`);
    },
  });

  // The live data of a project's realtime reports: only what `need` names (the original's three parts without it).
  r.get('/markdown/:projectId', {
    guard: perm('system:report:list'),
    params: z.object({ projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1) }),
    query: reportDataQuery,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    output: reportData,
    handler: async (ctx) => {
      const needs: readonly ReportSource[] = ctx.query.need ?? ORIGINAL_NEEDS;
      return ctx.ok(await loadReportData(db, ctx.params.projectId, needs, ctx.query.planId));
    },
  });
}

/** Every member of the project hears of a new report (made here or pushed), the author excepted. */
export async function notifyReportCreated(
  r: Router,
  projectId: number,
  reportId: number,
  title: string,
  author: { userId: number; userName: string },
) {
  const { nickName } = await r.deps.db
    .selectFrom('sysUser')
    .select('nickName')
    .where('userId', '=', author.userId)
    .executeTakeFirstOrThrow();
  const others = (await projectMemberIds(r.deps.db, projectId)).filter((id) => id !== author.userId);
  // Only those who may read the project's reports hear of one (its title is in the notice).
  const context = { userConfigId: null, currentTeamId: 0, currentProjectId: projectId, lifeContent: null };
  const access = await Promise.all(others.map((id) => loadAccess(r.deps.db, id, context, false)));
  const members = others.filter(
    (_, i) => access[i] !== undefined && hasPermi(access[i].permissions, 'system:report:list'),
  );
  if (members.length === 0) return;
  const settings = await settingsOf(r.deps.db, projectId, members);
  const { escapeMarkdown } = await import('@buglet/contracts/markdown');
  await deliver(
    r.deps,
    {
      projectId,
      groupName: 'report',
      src: `/project/report?projectId=${projectId}&reportId=${reportId}`,
      createBy: author.userName,
      render: (lang: Lang, baseUrl: string) => ({
        title: translate(lang, 'notice.report.title', [title]).slice(0, 255),
        content: [
          `## ${escapeMarkdown(title)}`,
          '',
          translate(lang, 'notice.report.created', [escapeMarkdown(nickName)]),
          '',
          `[${translate(lang, 'notice.report.open')}](${baseUrl}/#/project/report?projectId=${projectId}&reportId=${reportId})`,
        ].join('\n'),
      }),
    },
    [...settings].map(([userId, s]) => ({ userId, settings: s.settings })),
  );
}
