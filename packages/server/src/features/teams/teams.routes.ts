import {
  inviteBody,
  lockBody,
  member,
  memberSummary,
  pageQuery,
  passwordConfirmBody,
  ResultCode,
  roleIdsBody,
  SUPER_ADMIN_ID,
  selectorPageQuery,
  team,
  teamCreateBody,
  teamMemberCreateBody,
  teamUpdateBody,
} from '@buglet/contracts';
import { z } from 'zod';
import { authenticated, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet } from '../../lib/xlsx.ts';
import { toRoleSummary } from '../users/users.repository.ts';
import { passwordFrom } from '../users/users.service.ts';
import { answerInvitation, inviteOrAdd, pendingInvitations } from './invitations.service.ts';
import {
  findLiveTeam,
  listMyTeams,
  listNonMembers,
  listRolesOfKind,
  listTeamMembers,
  listTeams,
  toTeam,
} from './teams.repository.ts';
import {
  assertTeamRoles,
  createTeam,
  createTeamMember,
  deleteTeams,
  setMemberLock,
  setMemberRoles,
  updateTeam,
} from './teams.service.ts';

const teamParam = z.object({ teamId: z.coerce.number().int().min(1) });
const memberParam = teamParam.extend({ memberId: z.coerce.number().int().min(1) });
const memberQuery = selectorPageQuery.extend({
  params: z
    .object({ search: z.string().max(100).optional(), excludeMembers: z.string().optional() })
    .optional(),
});
const teamListQuery = pageQuery.extend({ teamName: z.string().max(64).optional() });
const TEAM_COLUMNS = [
  column('teamId', '团队编号', 'Team ID', 12),
  column('teamName', '团队名称', 'Team name', 30),
  column('introduce', '团队介绍', 'Introduction', 40),
  column('createBy', '创建人', 'Created by'),
  column('createTime', '创建时间', 'Created'),
  column('updateTime', '更新时间', 'Updated'),
];
const inTeam = ({ params }: { params: { teamId: number } }) => ({
  kind: 'team' as const,
  teamId: params.teamId,
});
/** A change to the team: refused while the administrator has it locked. */
const changingTeam = ({ params }: { params: { teamId: number } }) => ({
  ...inTeam({ params }),
  isWrite: true,
});

export function registerTeamRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/team/list', {
    guard: perm('system:team:list'),
    query: teamListQuery,
    output: team,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      // The platform administrator sees every team; anyone else only their own.
      const memberId = ctx.me.userId === SUPER_ADMIN_ID ? undefined : ctx.me.userId;
      const { rows, total } = await listTeams(db, { teamName: ctx.query.teamName, memberId }, limit, offset);
      return ctx.table(rows.map(toTeam), total);
    },
  });

  // The list's teams (all of them for the platform administrator, one's own otherwise), filtered alike.
  r.post('/system/team/export', {
    guard: perm('system:team:export'),
    query: teamListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const memberId = ctx.me.userId === SUPER_ADMIN_ID ? undefined : ctx.me.userId;
      const { rows } = await listTeams(db, { teamName: q.teamName, memberId }, EXPORT_MAX_ROWS + 1, 0);
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.team.sheet'),
        TEAM_COLUMNS,
        rows.map((x) => ({
          teamId: x.teamId,
          teamName: x.teamName,
          introduce: x.introduce,
          createBy: x.createBy,
          createTime: x.createTime,
          updateTime: x.updateTime,
        })),
      );
    },
  });

  r.get('/system/team/my', {
    guard: authenticated,
    output: team,
    handler: async (ctx) => {
      const rows = (await listMyTeams(db, ctx.me.userId)).map(toTeam);
      return ctx.table(rows, rows.length);
    },
  });

  r.get('/system/team/:teamId', {
    guard: perm('system:team:query'),
    params: teamParam,
    scope: inTeam,
    output: team,
    handler: async (ctx) => {
      const found = await findLiveTeam(db, ctx.params.teamId);
      return ctx.ok(found ? toTeam(found) : undefined);
    },
  });

  r.get('/system/team/:teamId/role', {
    guard: perm('system:team:query'),
    params: teamParam,
    scope: inTeam,
    handler: async (ctx) => ctx.ok((await listRolesOfKind(db, 'team')).map((x) => toRoleSummary(x))),
  });

  r.get('/system/team/:teamId/member', {
    guard: authenticated,
    params: teamParam,
    query: memberQuery,
    scope: inTeam,
    output: member,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const exclude = ctx.query.params?.excludeMembers
        ? parseIds(ctx.query.params.excludeMembers)
        : undefined;
      const filter = { search: ctx.query.params?.search, excludeMembers: exclude };
      const { rows, total } = await listTeamMembers(db, ctx.params.teamId, filter, limit, offset);
      return ctx.table(rows, total);
    },
  });

  r.get('/system/team/:teamId/not-member', {
    guard: perm('system:team:member:invite'),
    params: teamParam,
    query: memberQuery,
    scope: inTeam,
    output: memberSummary,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listNonMembers(
        db,
        ctx.params.teamId,
        ctx.query.params?.search,
        limit,
        offset,
        ctx.me.userId,
      );
      return ctx.table(rows, total);
    },
  });

  r.post('/system/team', {
    guard: perm('system:team:add'),
    body: teamCreateBody,
    output: team,
    handler: async (ctx) => ctx.ok(await createTeam(db, ctx.me, ctx.body)),
  });

  r.put('/system/team', {
    guard: perm('system:team:edit'),
    body: teamUpdateBody,
    scope: ({ body }) => ({ kind: 'team', teamId: body.teamId, isWrite: true }),
    handler: async (ctx) => {
      await updateTeam(db, ctx.me, ctx.body);
      return ctx.ok();
    },
  });

  // One team or a comma list: every team must be one the caller may delete, or none is deleted.
  r.delete('/system/team/:teamIds', {
    guard: perm('system:team:remove', 'system:team:delete'),
    params: z.object({ teamIds: z.string() }),
    body: passwordConfirmBody,
    scope: ({ params }) => ({ kind: 'team', teamId: parseIds(params.teamIds) }),
    handler: async (ctx) => {
      await deleteTeams(db, ctx.me, parseIds(ctx.params.teamIds), passwordFrom(ctx.body));
      return ctx.ok();
    },
  });

  r.post('/system/team/:teamId/invite', {
    guard: perm('system:team:member:invite'),
    params: teamParam,
    body: inviteBody,
    scope: changingTeam,
    handler: async (ctx) => {
      assertTeamRoles(ctx.body.roleIds);
      const { added, invited } = await inviteOrAdd(
        db,
        r.deps.hub,
        ctx.me,
        ctx.params.teamId,
        ctx.body.memberIds,
        ctx.body.roleIds,
      );
      const msg =
        invited > 0
          ? ctx.t('team.invitation.sent', invited)
          : added > 0
            ? ctx.t('team.added.done', added)
            : ctx.t('op.success');
      return { code: ResultCode.success, msg, data: added + invited, added, invited };
    },
  });

  // The invited person's side: what waits for them, and their answer.
  r.get('/system/team/invitation/mine', {
    guard: authenticated,
    handler: async (ctx) => ctx.ok(await pendingInvitations(db, ctx.me.userId)),
  });
  for (const answer of ['accept', 'decline'] as const) {
    r.post(`/system/team/invitation/:invitationId/${answer}`, {
      guard: authenticated,
      params: z.object({ invitationId: z.coerce.number().int().min(1) }),
      handler: async (ctx) => {
        const teamId = await answerInvitation(
          db,
          r.deps.hub,
          ctx.me.userId,
          ctx.params.invitationId,
          answer === 'accept',
        );
        return ctx.ok({ teamId });
      },
    });
  }

  r.post('/system/team/:teamId/member', {
    guard: perm('system:team:member:create'),
    params: teamParam,
    body: teamMemberCreateBody,
    scope: changingTeam,
    handler: async (ctx) =>
      ctx.ok({ userId: await createTeamMember(db, ctx.params.teamId, ctx.me, ctx.body) }),
  });

  r.put('/system/team/:teamId/member/:memberId/role', {
    guard: perm('system:team:member:lock', 'system:team:edit'),
    params: memberParam,
    body: lockBody,
    scope: changingTeam,
    handler: async (ctx) => {
      await setMemberLock(db, ctx.params.teamId, ctx.params.memberId, ctx.body.teamLock === 1, ctx.me.userId);
      return ctx.ok();
    },
  });

  r.put('/system/team/:teamId/member/:memberId/roles', {
    guard: perm('system:team:edit'),
    params: memberParam,
    body: roleIdsBody,
    scope: changingTeam,
    handler: async (ctx) => {
      await setMemberRoles(db, ctx.params.teamId, ctx.params.memberId, ctx.body);
      return ctx.ok();
    },
  });
}
