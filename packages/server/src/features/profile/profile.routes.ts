import { createHash } from 'node:crypto';
import { profileBody, updatePasswordQuery } from '@buglet/contracts';
import { z } from 'zod';
import {
  clearDefaultPasswordFlag,
  deleteSession,
  deleteSessionsOfUsers,
  listSessionsOfUser,
} from '../../access/sessions.repository.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertPasswordAllowed } from '../configs/password-policy.ts';
import { initialPassword } from '../configs/platform-settings.ts';
import { storeUpload } from '../files/file-store.ts';
import { isImageExtension } from '../files/file-types.ts';
import { publicUrl, receiveFile } from '../files/files.routes.ts';
import { findUser, listPlatformRoles, toUser, updateUser } from '../users/users.repository.ts';
import { assertUnique } from '../users/users.service.ts';

/** The personal center: what every signed-in user may do to their own account. */
export function registerProfileRoutes(r: Router): void {
  const { db, config } = r.deps;

  const me = async (userId: number) => {
    const user = await findUser(db, userId);
    if (!user) throw new AppError('user.not-found');
    return user;
  };

  r.get('/system/user/profile', {
    guard: authenticated,
    isOpenBeforePasswordChange: true,
    handler: async (ctx) => {
      const user = await me(ctx.me.userId);
      const roles = await listPlatformRoles(db, user.userId);
      return ctx.ok(toUser(user, roles), {
        roleGroup: roles.map((x) => x.roleName).join(','),
        postGroup: '',
      });
    },
  });

  r.put('/system/user/profile', {
    guard: authenticated,
    body: profileBody,
    handler: async (ctx) => {
      const user = await me(ctx.me.userId);
      await assertUnique(db, ctx.body.nickName, ctx.body, user.userId);
      await updateUser(db, user.userId, {
        nickName: ctx.body.nickName,
        email: ctx.body.email || null,
        phoneNumber: ctx.body.phoneNumber,
        sex: ctx.body.sex ?? user.sex,
        dingUserId: ctx.body.dingUserId ?? user.dingUserId,
        wechatUserId: ctx.body.wechatUserId ?? user.wechatUserId,
        updateBy: user.userName,
        updateTime: formatDateTime(),
      });
      return ctx.ok();
    },
  });

  // The original takes the passwords in the query string; newer clients send a JSON body.
  r.put('/system/user/profile/updatePwd', {
    guard: authenticated,
    query: updatePasswordQuery,
    isQueryAlsoInBody: true,
    isOpenBeforePasswordChange: true,
    handler: async (ctx) => {
      const { oldPassword, newPassword } = ctx.query;
      const user = await me(ctx.me.userId);
      if (!(await verifyPassword(oldPassword, user.password))) throw new AppError('user.password.old-wrong');
      if (oldPassword === newPassword) throw new AppError('user.password.same');
      // Everyone who may make accounts knows the initial password: it is nobody's own.
      if (newPassword === (await initialPassword(r.deps))) throw new AppError('user.password.is-initial');
      await assertPasswordAllowed(db, newPassword);
      await updateUser(db, user.userId, {
        password: await hashPassword(newPassword),
        passwordChangeRequired: 0,
        updateTime: formatDateTime(),
      });
      // Other sessions of this account end; this one stays and stops asking for a change.
      await deleteSessionsOfUsers(db, [user.userId], ctx.me.tokenId);
      await clearDefaultPasswordFlag(db, user.userId);
      return ctx.ok();
    },
  });

  // The person's own sign-ins. A session is named by a digest of its token id, so the list never
  // hands out what would let a script act as another of the person's sessions.
  r.get('/system/user/profile/sessions', {
    guard: authenticated,
    handler: async (ctx) => {
      const rows = await listSessionsOfUser(db, ctx.me.userId, Date.now());
      return ctx.ok(
        rows.map((row) => ({
          sessionId: sessionDigest(row.tokenId),
          ipaddr: row.ipaddr,
          browser: row.browser,
          os: row.os,
          loginTime: row.loginTime,
          current: row.tokenId === ctx.me.tokenId,
        })),
      );
    },
  });

  r.delete('/system/user/profile/sessions/:sessionId', {
    guard: authenticated,
    params: z.object({ sessionId: z.string().regex(/^[0-9a-f]{16}$/) }),
    handler: async (ctx) => {
      const rows = await listSessionsOfUser(db, ctx.me.userId, Date.now());
      const row = rows.find((x) => sessionDigest(x.tokenId) === ctx.params.sessionId);
      if (!row) throw new AppError('profile.session.not-found');
      await deleteSession(db, row.tokenId);
      return ctx.ok();
    },
  });

  // "Sign out everywhere else": every session of this account but the caller's.
  r.delete('/system/user/profile/sessions', {
    guard: authenticated,
    handler: async (ctx) => {
      await deleteSessionsOfUsers(db, [ctx.me.userId], ctx.me.tokenId);
      return ctx.ok();
    },
  });

  r.post('/system/user/profile/avatar', {
    rateLimit: 'upload',
    upload: { fields: ['avatarfile'], kind: 'file' },
    guard: authenticated,
    handler: async (ctx) => {
      const file = await receiveFile(ctx.req);
      const stored = await storeUpload(config.uploadDir, 'avatar', file, isImageExtension);
      await updateUser(db, ctx.me.userId, { avatar: stored.fileName, updateTime: formatDateTime() });
      return ctx.ok(undefined, { imgUrl: stored.fileName, url: publicUrl(ctx.req, stored.fileName) });
    },
  });
}

/** A session's public name: 16 hex characters of the SHA-256 of its token id. */
export function sessionDigest(tokenId: string): string {
  return createHash('sha256').update(tokenId).digest('hex').slice(0, 16);
}
