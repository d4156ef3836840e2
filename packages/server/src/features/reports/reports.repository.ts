import type { Report, ReportTemplate } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { ReportTable, ReportTemplateTable } from '../../db/schema.ts';

export interface ReportFilter {
  projectId: number;
  reportTitle?: string;
  beginTime?: string;
  endTime?: string;
  reportDataCoder?: string;
  createByIds?: number[];
}

function reportQuery(db: Db, f: ReportFilter) {
  let query = db.selectFrom('sysReport as r').where('r.projectId', '=', f.projectId);
  if (f.reportTitle) query = query.where(containsText(db, 'r.reportTitle', f.reportTitle));
  if (f.beginTime) query = query.where('r.reportTime', '>=', f.beginTime);
  // A day given alone ends at its last second.
  if (f.endTime)
    query = query.where('r.reportTime', '<=', f.endTime.length === 10 ? `${f.endTime} 23:59:59` : f.endTime);
  if (f.reportDataCoder) query = query.where('r.reportDataCoder', '=', f.reportDataCoder);
  if (f.createByIds?.length) query = query.where('r.createById', 'in', f.createByIds);
  return query;
}

export async function listReports(db: Db, f: ReportFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    reportQuery(db, f)
      .leftJoin('sysUser as u', 'u.userId', 'r.createById')
      .selectAll('r')
      .select('u.nickName as createBy')
      .orderBy('r.reportTime', 'desc')
      .orderBy('r.reportId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    reportQuery(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toReport), total: Number(count.n) };
}

export async function findReport(db: Db, reportId: number): Promise<Report | undefined> {
  const row = await db
    .selectFrom('sysReport as r')
    .leftJoin('sysUser as u', 'u.userId', 'r.createById')
    .selectAll('r')
    .select('u.nickName as createBy')
    .where('r.reportId', '=', reportId)
    .executeTakeFirst();
  return row ? toReport(row) : undefined;
}

function parseData(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toReport(row: Selectable<ReportTable> & { createBy: string | null }): Report {
  return { ...row, reportData: parseData(row.reportData) };
}

export interface TemplateFilter {
  projectId: number;
  isShop: boolean;
  lang: string;
  moduleType?: string;
  templateTitle?: string;
  templateKey?: string;
  updateById?: number;
}

function templateQuery(db: Db, f: TemplateFilter) {
  let query = db.selectFrom('sysReportTemplate as t');
  // The shop's templates are everyone's, in the reader's language; a project's are its own.
  query = f.isShop
    ? query.where('t.isShop', '=', 1).where('t.templateLang', '=', f.lang)
    : query.where('t.isShop', '=', 0).where('t.projectId', '=', f.projectId);
  if (f.moduleType) query = query.where('t.moduleType', '=', f.moduleType);
  if (f.templateTitle) query = query.where('t.templateTitle', '=', f.templateTitle);
  if (f.templateKey) query = query.where('t.templateKey', '=', f.templateKey);
  if (f.updateById) query = query.where('t.updateById', '=', f.updateById);
  return query;
}

export async function listTemplates(db: Db, f: TemplateFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    templateQuery(db, f)
      .leftJoin('sysUser as u', 'u.userId', 't.updateById')
      .selectAll('t')
      .select('u.nickName as updateBy')
      .orderBy(f.isShop ? 't.templateId' : 't.updateTime', f.isShop ? 'asc' : 'desc')
      .orderBy('t.templateId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    templateQuery(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toTemplate), total: Number(count.n) };
}

export async function findTemplate(db: Db, templateId: number): Promise<ReportTemplate | undefined> {
  const row = await db
    .selectFrom('sysReportTemplate as t')
    .leftJoin('sysUser as u', 'u.userId', 't.updateById')
    .selectAll('t')
    .select('u.nickName as updateBy')
    .where('t.templateId', '=', templateId)
    .executeTakeFirst();
  return row ? toTemplate(row) : undefined;
}

function toTemplate(row: Selectable<ReportTemplateTable> & { updateBy: string | null }): ReportTemplate {
  return { ...row, isShop: row.isShop === 1 };
}
