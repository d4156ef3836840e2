import {
  DEFAULT_ROLE,
  loginBody,
  passwordPolicy,
  ResultCode,
  type RouterRecordOnWire,
  registerBody,
  SUPER_ADMIN_ID,
  userConfigBody,
} from '@buglet/contracts';
import { z } from 'zod';
import { rememberedFor } from '../../access/auth-cache.ts';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { anon, authenticated } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { issueCaptcha } from '../captcha/captcha.service.ts';
import { loadPasswordPolicy } from '../configs/password-policy.ts';
import { isCaptchaEnabled, isRegisterEnabled } from '../configs/platform-settings.ts';
import { listAllMenus, listGrantedMenus } from '../menus/menus.repository.ts';
import { buildMenuTree, toRouters, withAncestors } from '../menus/router-tree.ts';
import { findUser, toUser } from '../users/users.repository.ts';
import { login, logout, register } from './session.service.ts';
import { findPreferences, switchContext } from './user-context.service.ts';

export function registerSessionRoutes(r: Router): void {
  const { deps } = r;

  r.get('/captchaImage', {
    rateLimit: 'captcha',
    guard: anon,
    handler: async (ctx) => {
      const captchaEnabled = await isCaptchaEnabled(deps);
      const registerEnabled = await isRegisterEnabled(deps);
      const extra = captchaEnabled ? await issueCaptcha(deps.db) : {};
      return {
        code: ResultCode.success,
        msg: ctx.t('op.success'),
        captchaEnabled,
        registerEnabled,
        ...extra,
      };
    },
  });

  r.post('/login', {
    rateLimit: 'sign-in',
    guard: anon,
    body: loginBody,
    handler: async (ctx) => {
      const result = await login(deps, ctx.req, ctx.body);
      // Two-factor sign-in: no token yet; the code step (POST /login/totp) takes the ticket.
      if ('ticket' in result)
        return {
          code: ResultCode.success,
          msg: ctx.t('user.login.totp-required'),
          twoFactor: true,
          ...result,
        };
      return { code: ResultCode.success, msg: ctx.t('op.success'), token: result.token };
    },
  });

  r.post('/register', {
    rateLimit: 'register',
    guard: anon,
    body: registerBody,
    handler: async (ctx) => {
      await register(deps, ctx.req, ctx.body);
      return { code: ResultCode.success, msg: ctx.t('user.register.success') };
    },
  });

  // The password policy, for the forms that set a password (registration among them) to check first.
  r.get('/passwordPolicy', {
    guard: anon,
    output: passwordPolicy,
    handler: async (ctx) => ctx.ok(await loadPasswordPolicy(deps.db)),
  });

  r.post('/logout', {
    guard: anon,
    handler: async (ctx) => {
      if (ctx.principal) await logout(deps, ctx.req, ctx.principal.tokenId, ctx.principal.userName);
      return { code: ResultCode.success, msg: ctx.t('user.logout.success') };
    },
  });

  r.get('/getInfo', {
    guard: authenticated,
    isOpenBeforePasswordChange: true,
    handler: async (ctx) => {
      const access = await ctx.access();
      const { user, preferences } = await rememberedProfile(deps.db, ctx.me);
      if (!user) throw new AppError('auth.unauthorized', [ctx.req.url], ResultCode.unauthorized);
      const platformRoles = access.roles.filter((x) => x.isPlatform === 1);
      const place = await currentPlace(
        deps.db,
        access.context.currentTeamId,
        access.context.currentProjectId,
      );
      const roles = [...access.roleKeys];
      return {
        code: ResultCode.success,
        msg: ctx.t('op.success'),
        user: toUser(user, platformRoles),
        roles: roles.length > 0 ? roles : [DEFAULT_ROLE],
        permissions: withoutWrites(place, [...access.permissions]),
        config: { userId: user.userId, ...access.context, ...preferences, ...place.locks },
        // The original's clients prompt on it; Buglet's web also knows when the change is required.
        isDefaultModifyPwd: ctx.me.isDefaultPassword || ctx.me.isPasswordChangeRequired,
        isPasswordChangeRequired: ctx.me.isPasswordChangeRequired,
      };
    },
  });

  r.get('/getRouters', {
    guard: authenticated,
    isOpenBeforePasswordChange: true,
    handler: async (ctx) => {
      const access = await ctx.access();
      const all = (await listAllMenus(deps.db)).filter((m) => m.status === '0' && m.menuType !== 'F');
      const menus =
        access.userId === SUPER_ADMIN_ID
          ? all
          : withAncestors(
              await listGrantedMenus(
                deps.db,
                access.roles.map((x) => x.roleId),
              ),
              all,
            ).filter((m) => m.menuType !== 'F');
      const routers: RouterRecordOnWire[] = toRouters(buildMenuTree(menus));
      return ctx.ok(routers);
    },
  });

  for (const bind of [r.put, r.post]) {
    bind('/system/user-config', {
      guard: authenticated,
      body: userConfigBody,
      handler: async (ctx) => ctx.ok(await switchContext(deps, ctx.me.userId, ctx.body)),
    });
  }

  // The caller's own rows only (the original checks no owner): another's id is not found.
  r.get('/system/user-config/:userConfigId', {
    guard: authenticated,
    params: z.object({ userConfigId: z.coerce.number().int().min(1) }),
    handler: async (ctx) => {
      const row = await deps.db
        .selectFrom('sysUserConfig')
        .select(['userConfigId', 'userId', 'currentTeamId', 'currentProjectId', 'lifeContent'])
        .where('userConfigId', '=', ctx.params.userConfigId)
        .where('userId', '=', ctx.me.userId)
        .executeTakeFirst();
      if (!row) throw new AppError('user-config.not-found', [ctx.params.userConfigId]);
      return ctx.ok({ ...row, ...(await findPreferences(deps.db, ctx.me.userId)) });
    },
  });

  // Deleting one's own row clears the current team and project (a new row starts empty); a list
  // naming a row of someone else's deletes nothing.
  r.delete('/system/user-config/:userConfigIds', {
    guard: authenticated,
    params: z.object({ userConfigIds: z.string() }),
    handler: async (ctx) => {
      const ids = [...new Set(parseIds(ctx.params.userConfigIds))];
      const own = await deps.db
        .selectFrom('sysUserConfig')
        .select('userConfigId')
        .where('userConfigId', 'in', ids)
        .where('userId', '=', ctx.me.userId)
        .execute();
      const missing = ids.find((id) => !own.some((row) => row.userConfigId === id));
      if (missing !== undefined) throw new AppError('user-config.not-found', [missing]);
      await deps.db.deleteFrom('sysUserConfig').where('userConfigId', 'in', ids).execute();
      return ctx.ok({ removed: ids.length });
    },
  });

  r.get('/version', {
    guard: anon,
    handler: async (ctx) => ctx.reply.type('text/plain').send(APP_VERSION),
  });
}

/** What changes a project's content: refused by the server while the project is archived. */
const PROJECT_WRITE =
  /^system:(ai|api|case|defect|document|module|plan|report):(add|edit|remove|import|assign|close|open|pass|reject|repair|run)$|^system:project:member:/;

/**
 * The account and its saved settings for /getInfo, remembered while the caller's versions stand
 * (an edit of either raises them, access/auth-cache.ts).
 */
async function rememberedProfile(db: Db, me: Principal) {
  const load = async () => ({
    user: await findUser(db, me.userId),
    preferences: await findPreferences(db, me.userId),
  });
  return me.authStamp ? rememberedFor(db, `profile:${me.userId}`, me.authStamp, load) : load();
}

/**
 * The current team and project as they stand: archived, or locked by the administrator (1.0's
 * `currentTeamLock`/`currentProjectLock` with their reasons, shown as a read-only banner).
 */
async function currentPlace(db: Db, teamId: number | null, projectId: number | null) {
  const [team, project] = await Promise.all([
    teamId
      ? db
          .selectFrom('sysTeam')
          .select(['isLock', 'lockRemark'])
          .where('teamId', '=', teamId)
          .executeTakeFirst()
      : undefined,
    projectId
      ? db
          .selectFrom('sysProject as p')
          .innerJoin('sysTeam as t', 't.teamId', 'p.teamId')
          .select([
            'p.isArchived',
            'p.isLock',
            'p.lockRemark',
            't.isLock as teamLock',
            't.lockRemark as teamLockRemark',
          ])
          .where('p.projectId', '=', projectId)
          .executeTakeFirst()
      : undefined,
  ]);
  const projectTeamLock = project?.teamLock === 1;
  return {
    isArchived: project?.isArchived === 1,
    // A project of a locked team is locked with it.
    isLocked: project?.isLock === 1 || projectTeamLock,
    locks: {
      currentTeamLock: team?.isLock === 1,
      currentTeamLockRemark: team?.isLock === 1 ? team.lockRemark : null,
      currentProjectLock: project?.isLock === 1 || projectTeamLock,
      currentProjectLockRemark:
        project?.isLock === 1
          ? project.lockRemark
          : projectTeamLock
            ? (project?.teamLockRemark ?? null)
            : null,
    },
  };
}

/** The client is not handed the permissions the server would refuse in the current project. */
function withoutWrites(place: { isArchived: boolean; isLocked: boolean }, permissions: string[]) {
  return place.isArchived || place.isLocked ? permissions.filter((p) => !PROJECT_WRITE.test(p)) : permissions;
}
