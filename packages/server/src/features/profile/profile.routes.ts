import { profileBody, updatePasswordQuery } from '@buglet/contracts';
import bcrypt from 'bcryptjs';
import { AppError } from '../../http/errors.ts';
import { authenticated } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { parseWith } from '../../http/validation.ts';
import { formatDateTime } from '../../lib/time.ts';
import { storeUpload } from '../files/file-store.ts';
import { isImageExtension } from '../files/file-types.ts';
import { publicUrl, receiveFile } from '../files/files.routes.ts';
import { clearDefaultPasswordFlag, deleteSessionsOfUsers } from '../session/session.repository.ts';
import { BCRYPT_COST } from '../session/session.service.ts';
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
    handler: async (ctx) => {
      const input = { ...(ctx.req.query as object), ...((ctx.req.body as object | undefined) ?? {}) };
      const { oldPassword, newPassword } = parseWith(updatePasswordQuery, input);
      const user = await me(ctx.me.userId);
      if (!(await bcrypt.compare(oldPassword, user.password))) throw new AppError('user.password.old-wrong');
      if (oldPassword === newPassword) throw new AppError('user.password.same');
      await updateUser(db, user.userId, {
        password: await bcrypt.hash(newPassword, BCRYPT_COST),
        updateTime: formatDateTime(),
      });
      // Other sessions of this account end; this one stays and stops asking for a change.
      await deleteSessionsOfUsers(db, [user.userId], ctx.me.tokenId);
      await clearDefaultPasswordFlag(db, user.userId);
      return ctx.ok();
    },
  });

  r.post('/system/user/profile/avatar', {
    guard: authenticated,
    handler: async (ctx) => {
      const file = await receiveFile(ctx.req, 'avatarfile');
      const stored = await storeUpload(config.uploadDir, 'avatar', file, isImageExtension);
      await updateUser(db, ctx.me.userId, { avatar: stored.fileName, updateTime: formatDateTime() });
      return ctx.ok(undefined, { imgUrl: stored.fileName, url: publicUrl(ctx.req, stored.fileName) });
    },
  });
}
