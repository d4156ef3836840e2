import {
  DEFECT_LEVELS,
  DefectState,
  HOME_MOVED_DAYS,
  HOME_TREND_DAYS,
  type HomeDashboard,
  type HomeDefect,
} from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../lib/time.ts';
import { type NoticeRow, shownNotice } from '../notices/notices.routes.ts';

const OPEN_STATES = [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED];
const TO_FIX = [DefectState.PROCESSING, DefectState.REJECTED];
const LISTED = 10;
const DAY_MS = 86_400_000;

/** The projects the person may enter now: a member, not locked out of the team, team and project live. */
export async function myProjects(db: Db, userId: number) {
  return db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysProject as p', 'p.projectId', 'up.projectId')
    .innerJoin('sysTeam as t', 't.teamId', 'p.teamId')
    .innerJoin('sysUserTeam as ut', (j) => j.onRef('ut.teamId', '=', 'p.teamId').on('ut.userId', '=', userId))
    .select(['p.projectId', 'p.projectName', 'p.isArchived', 't.teamName', 'up.collect'])
    .where('up.userId', '=', userId)
    .where('p.projectState', '=', 1)
    .where('t.isDel', '=', 0)
    .where('ut.isLock', '=', 0)
    .execute();
}

const dayOf = (time: string) => time.slice(0, 10);

/**
 * Everything the signed-in person's home page shows, in a handful of indexed queries: only
 * projects they may enter now count, so another team's project never shows.
 */
export async function loadHome(
  db: Db,
  me: { userId: number; userName: string },
  lang: 'zh_CN' | 'en_US',
  version: string,
): Promise<HomeDashboard> {
  const projects = await myProjects(db, me.userId);
  const names = new Map(projects.map((p) => [p.projectId, p.projectName]));
  const ids = projects.map((p) => p.projectId);
  const now = formatDateTime();
  const empty = { total: 0, toFix: 0, toReview: 0, overdue: 0, byLevel: {}, items: [] };
  if (ids.length === 0)
    return {
      waiting: empty,
      moved: [],
      failedCases: [],
      toRetest: [],
      notices: await notices(db, me.userId, lang),
      followed: [],
      version,
    };

  const handled = db
    .selectFrom('sysDefectHandler as h')
    .innerJoin('sysDefect as d', 'd.defectId', 'h.defectId')
    .where('h.userId', '=', me.userId)
    .where('d.isDeleted', '=', 0)
    .where('d.defectState', 'in', OPEN_STATES)
    .where('d.projectId', 'in', ids);
  const overdueFirst = sql<number>`case when d.plan_end_time is not null and d.plan_end_time < ${now} then 0 else 1 end`;
  const levelRank = sql<number>`case d.defect_level ${sql.join(
    DEFECT_LEVELS.map((level, i) => sql`when ${level} then ${i}`),
    sql` `,
  )} else ${DEFECT_LEVELS.length} end`;
  const [counts, overdue, waitingRows] = await Promise.all([
    handled
      .select(['d.defectState', 'd.defectLevel', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['d.defectState', 'd.defectLevel'])
      .execute(),
    handled
      .where('d.planEndTime', 'is not', null)
      .where('d.planEndTime', '<', now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    handled
      .selectAll('d')
      .orderBy(overdueFirst)
      .orderBy(levelRank)
      .orderBy('d.updateTime', 'desc')
      .limit(LISTED)
      .execute(),
  ]);
  const byLevel: Record<string, number> = {};
  let toFix = 0;
  let toReview = 0;
  for (const c of counts) {
    const n = Number(c.n);
    byLevel[c.defectLevel] = (byLevel[c.defectLevel] ?? 0) + n;
    if ((TO_FIX as number[]).includes(c.defectState)) toFix += n;
    else toReview += n;
  }
  const asHome = (d: (typeof waitingRows)[number]): HomeDefect => ({
    defectId: d.defectId,
    projectId: d.projectId,
    projectName: names.get(d.projectId) ?? '',
    projectNum: d.projectNum,
    defectName: d.defectName,
    defectType: d.defectType,
    defectState: d.defectState,
    defectLevel: d.defectLevel,
    planEndTime: d.planEndTime,
    updateTime: d.updateTime,
    isOverdue:
      d.planEndTime !== null && d.planEndTime < now && (OPEN_STATES as number[]).includes(d.defectState),
  });

  const since = formatDateTime(new Date(Date.now() - HOME_MOVED_DAYS * DAY_MS));
  const [movedRows, failed, retest, followed, noticeRows] = await Promise.all([
    db
      .selectFrom('sysDefect as d')
      .selectAll('d')
      .where('d.createById', '=', me.userId)
      .where('d.updateTime', '>=', since)
      .where('d.isDeleted', '=', 0)
      .where('d.projectId', 'in', ids)
      .where((eb) => eb.or([eb('d.updateBy', 'is', null), eb('d.updateBy', '!=', me.userName)]))
      .orderBy('d.updateTime', 'desc')
      .limit(LISTED)
      .execute(),
    db
      .selectFrom('sysCase as c')
      .select(['c.caseId', 'c.caseNum', 'c.caseName', 'c.projectId', 'c.updateTime'])
      .where('c.createById', '=', me.userId)
      .where('c.caseState', '=', 'fail')
      .where('c.projectId', 'in', ids)
      .orderBy('c.updateTime', 'desc')
      .limit(LISTED)
      .execute(),
    db
      .selectFrom('sysPlanItem as i')
      .innerJoin('sysPlan as p', 'p.planId', 'i.planId')
      .innerJoin('sysCase as c', 'c.caseId', 'i.caseId')
      .select([
        'i.planItemId',
        'i.planId',
        'p.planName',
        'c.caseNum',
        'c.caseName',
        'p.projectId',
        'i.updateTime',
      ])
      .where('i.testerId', '=', me.userId)
      .where('i.planItemResult', '=', 'retest')
      .where('p.projectId', 'in', ids)
      .orderBy('i.updateTime', 'asc')
      .limit(LISTED)
      .execute(),
    trends(
      db,
      projects.filter((p) => p.collect === 1),
    ),
    notices(db, me.userId, lang),
  ]);

  return {
    waiting: {
      total: toFix + toReview,
      toFix,
      toReview,
      overdue: Number(overdue.n),
      byLevel,
      items: waitingRows.map(asHome),
    },
    moved: movedRows.map((d) => ({ ...asHome(d), updateBy: d.updateBy })),
    failedCases: failed.map((c) => ({ ...c, projectName: names.get(c.projectId) ?? '' })),
    toRetest: retest.map((i) => ({ ...i, projectName: names.get(i.projectId) ?? '' })),
    notices: noticeRows,
    followed,
    version,
  };
}

async function notices(db: Db, userId: number, lang: 'zh_CN' | 'en_US') {
  const rows = await db
    .selectFrom('sysNotice as n')
    .leftJoin('sysProject as p', 'p.projectId', 'n.projectId')
    .selectAll('n')
    .select('p.projectName')
    .where('n.receiverId', '=', userId)
    .orderBy('n.noticeId', 'desc')
    .limit(6)
    .execute();
  return rows.map((row) => {
    const shown = shownNotice(row as NoticeRow, lang);
    return {
      noticeId: shown.noticeId,
      noticeTitle: shown.noticeTitle,
      groupName: shown.groupName,
      isRead: shown.isRead,
      createTime: shown.createTime,
      projectName: shown.projectName,
      src: shown.src,
    };
  });
}

/**
 * Each followed project's open defects over the last 30 days, walked back from today's open count
 * (the tally): a day's opening count is the next day's minus what was made that day plus what was
 * closed that day (a closed defect counts on the day of its last change).
 */
async function trends(db: Db, projects: { projectId: number; projectName: string; teamName: string }[]) {
  if (projects.length === 0) return [];
  const ids = projects.map((p) => p.projectId);
  const start = new Date(Date.now() - (HOME_TREND_DAYS - 1) * DAY_MS);
  const from = `${formatDateTime(start).slice(0, 10)} 00:00:00`;
  const [open, created, closed] = await Promise.all([
    db
      .selectFrom('sysDefectTally')
      .select(['projectId', (eb) => eb.fn.sum<number>('n').as('n')])
      .where('projectId', 'in', ids)
      .where('defectState', 'in', OPEN_STATES)
      .groupBy('projectId')
      .execute(),
    db
      .selectFrom('sysDefect')
      .select([
        'projectId',
        sql<string>`substr(create_time, 1, 10)`.as('day'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('projectId', 'in', ids)
      .where('createTime', '>=', from)
      .where('isDeleted', '=', 0)
      .groupBy(['projectId', sql`substr(create_time, 1, 10)`])
      .execute(),
    db
      .selectFrom('sysDefect')
      .select([
        'projectId',
        sql<string>`substr(update_time, 1, 10)`.as('day'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('projectId', 'in', ids)
      .where('isDeleted', '=', 0)
      .where('defectState', '=', DefectState.CLOSED)
      .where('updateTime', '>=', from)
      .groupBy(['projectId', sql`substr(update_time, 1, 10)`])
      .execute(),
  ]);
  const key = (projectId: number, day: string) => `${projectId}/${day}`;
  const made = new Map(created.map((r) => [key(r.projectId, r.day), Number(r.n)]));
  const shut = new Map(closed.map((r) => [key(r.projectId, r.day), Number(r.n)]));
  const days = Array.from({ length: HOME_TREND_DAYS }, (_, i) =>
    dayOf(formatDateTime(new Date(start.getTime() + i * DAY_MS))),
  );
  return projects.map((p) => {
    const openTotal = Number(open.find((o) => o.projectId === p.projectId)?.n ?? 0);
    const trend: { day: string; open: number; created: number; closed: number }[] = [];
    let atEnd = openTotal;
    for (const day of [...days].reverse()) {
      const c = made.get(key(p.projectId, day)) ?? 0;
      const x = shut.get(key(p.projectId, day)) ?? 0;
      trend.unshift({ day, open: Math.max(0, atEnd), created: c, closed: x });
      atEnd = atEnd - c + x;
    }
    return { projectId: p.projectId, projectName: p.projectName, teamName: p.teamName, openTotal, trend };
  });
}
