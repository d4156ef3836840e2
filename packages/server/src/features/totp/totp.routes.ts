import {
  loginTotpBody,
  ResultCode,
  totpConfirmBody,
  totpDisableBody,
  totpEnrolment,
  totpRecoveryCodes,
  totpResetBody,
  totpStatus,
} from '@buglet/contracts';
import { anon, authenticated, perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { assertUserInScope } from '../depts/data-scope.ts';
import {
  confirmEnrolment,
  disableTotp,
  resetTotp,
  startEnrolment,
  totpStatus as statusOf,
} from './totp.service.ts';
import { completeTotpLogin } from './totp-login.service.ts';

/**
 * Two-factor sign-in: the person's enrolment in the personal center, the code step of a sign-in,
 * and the administrator's reset. The secret leaves the server once, in the answer that starts an
 * enrolment; every output is whitelisted by its schema.
 */
export function registerTotpRoutes(r: Router): void {
  const { deps } = r;
  const { db } = deps;

  r.get('/system/user/profile/totp', {
    guard: authenticated,
    output: totpStatus,
    handler: async (ctx) => ctx.ok(await statusOf(db, ctx.me.userId)),
  });

  r.post('/system/user/profile/totp', {
    guard: authenticated,
    rateLimit: { perPersonPerMinute: 20 },
    output: totpEnrolment,
    handler: async (ctx) => ctx.ok(await startEnrolment(db, r.deps.secrets, ctx.me.userId, ctx.me.userName)),
  });

  r.post('/system/user/profile/totp/confirm', {
    guard: authenticated,
    rateLimit: 'sign-in',
    body: totpConfirmBody,
    output: totpRecoveryCodes,
    handler: async (ctx) =>
      ctx.ok({ recoveryCodes: await confirmEnrolment(db, r.deps.secrets, ctx.me.userId, ctx.body.code) }),
  });

  r.delete('/system/user/profile/totp', {
    guard: authenticated,
    rateLimit: 'sign-in',
    body: totpDisableBody,
    handler: async (ctx) => {
      await disableTotp(db, r.deps.secrets, ctx.me.userId, ctx.body.password, ctx.body.code);
      return ctx.ok();
    },
  });

  r.post('/login/totp', {
    rateLimit: 'sign-in',
    guard: anon,
    body: loginTotpBody,
    handler: async (ctx) => {
      const token = await completeTotpLogin(deps, ctx.req, ctx.body);
      return { code: ResultCode.success, msg: ctx.t('op.success'), token };
    },
  });

  // The original's naming (resetPwd, changeStatus); the operation log records who did it.
  r.put('/system/user/resetTotp', {
    guard: perm('system:user:edit'),
    body: totpResetBody,
    handler: async (ctx) => {
      await assertUserInScope(db, ctx.me.userId, 'system:user:edit', [ctx.body.userId]);
      const userName = await resetTotp(db, ctx.body.userId, ctx.me.userId);
      return ctx.ok(undefined, { msg: ctx.t('totp.reset.done', userName) });
    },
  });
}
