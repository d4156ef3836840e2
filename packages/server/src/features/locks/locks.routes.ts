import { adminLockBody, lockedProjectRow, lockedTeamRow, pageQuery, ResultCode } from '@buglet/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { listTeams, toTeam } from '../teams/teams.repository.ts';

const teamParam = z.object({ teamId: z.coerce.number().int().min(1) });
const projectParam = z.object({ projectId: z.coerce.number().int().min(1) });
const projectListQuery = pageQuery.extend({
  projectName: z.string().max(100).optional(),
  teamName: z.string().max(100).optional(),
  /** `1`: only the locked ones; `0`: only the others. */
  isLock: z.enum(['0', '1']).optional(),
});
const teamListQuery = pageQuery.extend({ teamName: z.string().max(100).optional() });

/** The columns a lock or unlock writes, on a team or a project alike. */
const lockChange = (body: z.infer<typeof adminLockBody>, userName: string) => ({
  isLock: body.isLock,
  lockRemark: body.lockRemark,
  updateBy: userName,
  updateTime: formatDateTime(),
});
const lockAnswer = (t: (key: 'lock.done.locked' | 'lock.done.unlocked') => string, isLock: number) => ({
  code: ResultCode.success,
  msg: t(isLock === 1 ? 'lock.done.locked' : 'lock.done.unlocked'),
});

/** Projects and members of each team, for the administrator's list. */
async function teamCounts(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return new Map<number, { projectCount: number; memberCount: number }>();
  const [projects, members] = await Promise.all([
    db
      .selectFrom('sysProject')
      .select(['teamId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('teamId', 'in', teamIds)
      .where('projectState', '=', 1)
      .groupBy('teamId')
      .execute(),
    db
      .selectFrom('sysUserTeam')
      .select(['teamId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('teamId', 'in', teamIds)
      .groupBy('teamId')
      .execute(),
  ]);
  const count = (rows: { teamId: number; n: number }[], id: number) =>
    Number(rows.find((r) => r.teamId === id)?.n ?? 0);
  return new Map(
    teamIds.map((id) => [id, { projectCount: count(projects, id), memberCount: count(members, id) }]),
  );
}

/**
 * The administrator's lock of teams and projects (1.0 §13.8): the lists of every team and every
 * project with their lock, and the lock itself, always with a reason. A locked team or project is
 * read-only for everyone in it (access/scope.ts refuses its writes with the reason; /getInfo drops
 * its write permissions and names the lock, so the web shows a read-only banner).
 */
export function registerLockRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/admin/team/list', {
    guard: perm('admin:team:list'),
    query: teamListQuery,
    output: lockedTeamRow,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listTeams(db, { teamName: ctx.query.teamName }, limit, offset);
      const counts = await teamCounts(
        db,
        rows.map((t) => t.teamId),
      );
      return ctx.table(
        rows.map((t) => ({ ...toTeam(t), ...counts.get(t.teamId) })),
        total,
      );
    },
  });

  const lockTeam = async (teamId: number, body: z.infer<typeof adminLockBody>, userName: string) => {
    const res = await db
      .updateTable('sysTeam')
      .set(lockChange(body, userName))
      .where('teamId', '=', teamId)
      .where('isDel', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new AppError('lock.team.not-found', [teamId]);
  };
  for (const [path, permission] of [
    ['/admin/team/:teamId/lock', 'admin:team:lock'],
    // 1.0's second path to the same lock (no menu grants its permission: the administrator's only).
    ['/system/team/:teamId/lock', 'system:team:lock'],
  ] as const) {
    r.put(path, {
      guard: perm(permission, 'admin:team:lock'),
      params: teamParam,
      body: adminLockBody,
      handler: async (ctx) => {
        await lockTeam(ctx.params.teamId, ctx.body, ctx.me.userName);
        return lockAnswer(ctx.t, ctx.body.isLock);
      },
    });
  }

  r.get('/admin/project/list', {
    guard: perm('admin:project:list'),
    query: projectListQuery,
    output: lockedProjectRow,
    handler: async (ctx) => {
      const q = ctx.query;
      const { limit, offset } = pageOf(q);
      let base = db
        .selectFrom('sysProject as p')
        .innerJoin('sysTeam as t', 't.teamId', 'p.teamId')
        .where('p.projectState', '=', 1)
        .where('t.isDel', '=', 0);
      if (q.projectName) base = base.where('p.projectName', 'like', `%${q.projectName}%`);
      if (q.teamName) base = base.where('t.teamName', 'like', `%${q.teamName}%`);
      if (q.isLock) base = base.where('p.isLock', '=', Number(q.isLock));
      const [rows, count] = await Promise.all([
        base
          .select([
            'p.projectId',
            'p.projectName',
            'p.projectIcon',
            'p.teamId',
            't.teamName',
            'p.isArchived',
            'p.isLock',
            'p.lockRemark',
            'p.createBy',
            'p.createTime',
            sql<number>`(select count(*) from sys_user_project up where up.project_id = p.project_id)`.as(
              'memberCount',
            ),
          ])
          .orderBy('p.projectId')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ctx.table(
        rows.map((p) => ({ ...p, archived: p.isArchived === 1, memberCount: Number(p.memberCount) })),
        Number(count.n),
      );
    },
  });

  r.put('/admin/project/:projectId/lock', {
    guard: perm('admin:project:lock'),
    params: projectParam,
    body: adminLockBody,
    handler: async (ctx) => {
      const res = await db
        .updateTable('sysProject')
        .set(lockChange(ctx.body, ctx.me.userName))
        .where('projectId', '=', ctx.params.projectId)
        .where('projectState', '=', 1)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0)
        throw new AppError('lock.project.not-found', [ctx.params.projectId]);
      return lockAnswer(ctx.t, ctx.body.isLock);
    },
  });
}
