import {
  collectBody,
  member,
  memberSummary,
  pageQuery,
  passwordConfirmBody,
  project,
  projectCreateBody,
  projectListQuery,
  projectMemberAddBody,
  projectUpdateBody,
  ResultCode,
  roleIdsBody,
  selectorPageQuery,
} from '@buglet/contracts';
import { z } from 'zod';
import { resolveScope } from '../../access/scope.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { authenticated, hasPermi, perm } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet, shapeInChunks } from '../../lib/xlsx.ts';
import { listRolesOfKind } from '../teams/teams.repository.ts';
import { toRoleSummary } from '../users/users.repository.ts';
import { passwordFrom } from '../users/users.service.ts';
import { listProjectCandidates, listProjectMembers } from './project-members.repository.ts';
import { findProject, listMembersOfProjects, listProjects, toProject } from './projects.repository.ts';
import {
  addMembers,
  createProject,
  deleteProject,
  removeMember,
  setArchived,
  setCollect,
  setMemberRoles,
  updateProject,
} from './projects.service.ts';

const projectParam = z.object({ projectId: z.coerce.number().int().min(1) });
const memberParam = projectParam.extend({ memberId: z.coerce.number().int().min(1) });
const reading = ({ params }: { params: { projectId: number } }) => ({
  kind: 'project' as const,
  projectId: params.projectId,
});
const writing = ({ params }: { params: { projectId: number } }) => ({
  kind: 'project' as const,
  projectId: params.projectId,
  isWrite: true,
});
const searchQuery = selectorPageQuery.extend({
  /** 0 or absent: every role (the original's "All" tab). */
  roleId: z.coerce.number().int().min(0).optional(),
  params: z.object({ search: z.string().max(100).optional() }).optional(),
});

/** The list's filters; the team may be left out, for the caller's current one. */
const projectExportQuery = pageQuery
  .extend(projectListQuery.shape)
  .extend({ teamId: projectListQuery.shape.teamId.optional() });

const PROJECT_COLUMNS = [
  column('projectId', '项目编号', 'Project ID', 12),
  column('projectName', '项目名称', 'Project name', 30),
  column('projectIntroduce', '项目介绍', 'Introduction', 40),
  column('memberCount', '成员数', 'Members', 10),
  column('archived', '已归档', 'Archived', 10),
  column('createTime', '创建时间', 'Created'),
  column('updateTime', '更新时间', 'Updated'),
];

export function registerProjectRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/project/list', {
    guard: perm('system:project:list'),
    query: pageQuery.extend(projectListQuery.shape),
    scope: ({ query }) => ({ kind: 'team', teamId: query.teamId }),
    output: project,
    handler: async (ctx) => {
      const q = ctx.query;
      // The original's client asks for "mine" with params[userId] and for followed ones with collect.
      const tab =
        q.params?.tab ?? (q.collect === 'true' ? 'followed' : q.params?.userId ? 'participated' : 'all');
      const { limit, offset } = pageOf(q);
      const filter = { teamId: q.teamId, userId: ctx.me.userId, tab, projectName: q.projectName };
      const { rows, total } = await listProjects(db, filter, limit, offset);
      const { members, counts } = await listMembersOfProjects(
        db,
        rows.map((p) => p.projectId),
      );
      return ctx.table(
        rows.map((p) => ({
          ...toProject(p),
          members: members.get(p.projectId) ?? [],
          memberCount: counts.get(p.projectId) ?? 0,
        })),
        total,
      );
    },
  });

  // The list's projects of a team (the current one when none is named), as filtered there; the
  // caller needs the export permission in that team.
  r.post('/system/project/export', {
    guard: authenticated,
    query: projectExportQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const teamId = q.teamId ?? ctx.me.context.currentTeamId;
      if (!teamId) throw new AppError('project.team_cannot_empty');
      const scoped = await resolveScope(db, ctx.me, { kind: 'team', teamId });
      if (!hasPermi(scoped.permissions, 'system:project:export')) throw forbidden();
      const tab =
        q.params?.tab ?? (q.collect === 'true' ? 'followed' : q.params?.userId ? 'participated' : 'all');
      const filter = { teamId, userId: ctx.me.userId, tab, projectName: q.projectName };
      const { rows } = await listProjects(db, filter, EXPORT_MAX_ROWS + 1, 0);
      const shaped = await shapeInChunks(rows, async (chunk) => {
        const { counts } = await listMembersOfProjects(
          db,
          chunk.map((p) => p.projectId),
          0,
        );
        return chunk.map((p) => ({
          projectId: p.projectId,
          projectName: p.projectName,
          projectIntroduce: p.projectIntroduce,
          memberCount: counts.get(p.projectId) ?? 0,
          archived: ctx.t(p.isArchived === 1 ? 'excel.yes' : 'excel.no'),
          createTime: p.createTime,
          updateTime: p.updateTime,
        }));
      });
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('excel.project.sheet'), PROJECT_COLUMNS, shaped);
    },
  });

  // The original's client asks with id 0 before a project exists; the roles are the same for all.
  r.get('/system/project/:projectId/role', {
    guard: authenticated,
    params: z.object({ projectId: z.coerce.number().int().min(0) }),
    handler: async (ctx) => {
      const rows = (await listRolesOfKind(db, 'project')).map((x) => toRoleSummary(x));
      return ctx.table(rows, rows.length);
    },
  });

  r.get('/system/project/:projectId', {
    guard: perm('system:project:query'),
    params: projectParam,
    scope: reading,
    output: project,
    handler: async (ctx) => {
      const found = await findProject(db, ctx.params.projectId, ctx.me.userId);
      if (!found) throw new AppError('project.no-permission', [], ResultCode.forbidden);
      return ctx.ok(toProject(found));
    },
  });

  r.post('/system/project', {
    guard: perm('system:project:add'),
    body: projectCreateBody,
    scope: ({ body }) => ({ kind: 'team', teamId: body.teamId, isWrite: true }),
    handler: async (ctx) => ctx.ok({ projectId: await createProject(db, ctx.me, ctx.body) }),
  });

  r.put('/system/project', {
    guard: perm('system:project:edit'),
    body: projectUpdateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    handler: async (ctx) => {
      await updateProject(db, ctx.me, ctx.body);
      return ctx.ok();
    },
  });

  r.post('/system/project/:projectId/collect', {
    guard: perm('system:project:list'),
    params: projectParam,
    body: collectBody,
    scope: reading,
    handler: async (ctx) => {
      await setCollect(db, ctx.me.userId, ctx.params.projectId, ctx.body.collect);
      return ctx.ok();
    },
  });

  r.post('/system/project/:projectId/archive', {
    guard: perm('system:project:edit'),
    params: projectParam,
    scope: writing,
    handler: async (ctx) => {
      await setArchived(db, ctx.me, ctx.params.projectId, true);
      return ctx.ok();
    },
  });

  r.post('/system/project/:projectId/restore', {
    guard: perm('system:project:edit'),
    params: projectParam,
    scope: reading,
    handler: async (ctx) => {
      if (!ctx.scoped.isArchived) throw new AppError('project.not-archived');
      await setArchived(db, ctx.me, ctx.params.projectId, false);
      return ctx.ok();
    },
  });

  r.delete('/system/project/:projectId', {
    guard: perm('system:project:remove'),
    params: projectParam,
    body: passwordConfirmBody,
    scope: reading,
    handler: async (ctx) => {
      await deleteProject(db, ctx.me, ctx.params.projectId, passwordFrom(ctx.body));
      return ctx.ok();
    },
  });

  r.get('/system/project/:projectId/member', {
    guard: perm('system:project:list', 'system:project:member'),
    params: projectParam,
    query: searchQuery,
    scope: reading,
    output: member,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const filter = { search: ctx.query.params?.search, roleId: ctx.query.roleId || undefined };
      const { rows, total } = await listProjectMembers(
        db,
        ctx.params.projectId,
        ctx.scoped.teamId,
        filter,
        limit,
        offset,
      );
      return ctx.table(rows, total);
    },
  });

  r.get('/system/project/:projectId/not-member', {
    guard: perm('system:project:member:add'),
    params: projectParam,
    query: searchQuery,
    scope: reading,
    output: memberSummary,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const search = ctx.query.params?.search;
      const { rows, total } = await listProjectCandidates(
        db,
        ctx.params.projectId,
        ctx.scoped.teamId,
        search,
        limit,
        offset,
      );
      return ctx.table(rows, total);
    },
  });

  r.post('/system/project/:projectId/member', {
    guard: perm('system:project:member:add'),
    params: projectParam,
    body: projectMemberAddBody,
    scope: writing,
    handler: async (ctx) => {
      const added = await addMembers(
        db,
        ctx.params.projectId,
        ctx.scoped.teamId,
        ctx.body.memberIds,
        ctx.body.roleIds,
      );
      return { code: ResultCode.success, msg: ctx.t('op.success'), data: added };
    },
  });

  r.put('/system/project/:projectId/member/:memberId/role', {
    guard: perm('system:project:member:update'),
    params: memberParam,
    body: roleIdsBody,
    scope: writing,
    handler: async (ctx) => {
      await setMemberRoles(db, ctx.params.projectId, ctx.params.memberId, ctx.body);
      return ctx.ok();
    },
  });

  r.delete('/system/project/:projectId/member/:memberId', {
    guard: perm('system:project:member:remove'),
    params: memberParam,
    scope: writing,
    handler: async (ctx) => {
      await removeMember(db, ctx.params.projectId, ctx.params.memberId, ctx.me.userId);
      return ctx.ok();
    },
  });
}
