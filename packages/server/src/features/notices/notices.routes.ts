import { randomUUID } from 'node:crypto';
import {
  announcementBody,
  announcementUpdateBody,
  dingParams,
  imConfigBody,
  mailConfigBody,
  NOTICE_GROUPS,
  noticeSendBody,
  PLATFORM_SECRETS,
  pageQuery,
  projectImBody,
  wechatParams,
} from '@buglet/contracts';
import { z } from 'zod';
import { chatPlatformPlace } from '../../db/sealed-places.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { perm, role } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { unlessRefused } from '../../lib/secrets.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertSavableUrl } from '../configs/platform-settings.ts';
import { API_KEY_USER_TYPE } from '../open-api/api-key.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import {
  INVITATION_NOTICE,
  type InvitationFacts,
  invitationState,
  renderInvitation,
} from '../teams/invitations.service.ts';
import { failureText } from './delivery-failure.ts';
import { KEYED_NOTICE, type KeyedNoticeFacts, renderKeyedNotice } from './keyed-notice.ts';
import { type DefectNoticeFacts, renderDefectNotice } from './notice-render.ts';
import { projectPlatform, safeJson, settingsOf } from './notice-settings.repository.ts';
import { deliver, noticeFrame } from './notices.service.ts';
import {
  isDingSetUp,
  isWechatSetUp,
  type MailConfig,
  mailServerOf,
  storedMailConfig,
  storeMailConfig,
} from './outbox.ts';

/** The mark (`notice_key`) of an administrator's announcement; its args hold the id shared by its copies. */
const ANNOUNCEMENT_NOTICE = 'announcement';
export type NoticeRow = {
  noticeId: number;
  noticeTitle: string;
  noticeContent: string | null;
  noticeKey: string | null;
  noticeArgs: string | null;
  groupName: string;
  projectId: number | null;
  src: string | null;
  isRead: number;
  createTime: string;
  createBy: string | null;
  projectName?: string | null;
  teamName?: string | null;
  senderId?: number | null;
  senderNickName?: string | null;
  senderAvatar?: string | null;
  senderType?: string | null;
};

/** A notice as its reader sees it: defect notices and invitations written again in the reader's language. */
export const shownNotice = (row: NoticeRow, lang: 'zh_CN' | 'en_US') => {
  // Defect notices are written again in the reader's language from their stored facts.
  const facts =
    row.noticeKey === 'defect'
      ? (safeJson(row.noticeArgs ?? '') as DefectNoticeFacts | undefined)
      : undefined;
  const invitation =
    row.noticeKey === INVITATION_NOTICE
      ? (safeJson(row.noticeArgs ?? '') as InvitationFacts | undefined)
      : undefined;
  const keyed =
    row.noticeKey === KEYED_NOTICE
      ? (safeJson(row.noticeArgs ?? '') as KeyedNoticeFacts | undefined)
      : undefined;
  const text = facts
    ? renderDefectNotice(lang, facts)
    : invitation
      ? renderInvitation(lang, invitation)
      : keyed
        ? renderKeyedNotice(lang, keyed)
        : { title: row.noticeTitle, content: row.noticeContent ?? '' };
  return {
    noticeId: row.noticeId,
    noticeTitle: text.title,
    noticeContent: text.content,
    groupName: row.groupName,
    projectId: row.projectId,
    projectName: row.projectName ?? null,
    teamName: row.teamName ?? invitation?.teamName ?? null,
    src: row.src,
    isRead: row.isRead === 1,
    createTime: row.createTime,
    createBy: row.createBy,
    sender:
      row.senderId && row.createBy
        ? {
            userId: row.senderId,
            userName: row.createBy,
            nickName: row.senderNickName ?? '',
            avatar: row.senderAvatar ?? null,
            isApiKey: row.senderType === API_KEY_USER_TYPE,
          }
        : null,
  };
};

const MASK = '••••';

/**
 * A robot hook as the settings page shows it: the values of its query (the robot's access token)
 * masked but for their last four characters, since whoever knows the hook can post to the group.
 */
export function maskedHook(hook: string): string {
  const at = hook.indexOf('?');
  if (at < 0) return hook;
  const query = hook
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const value = pair.slice(eq + 1);
      return `${pair.slice(0, eq + 1)}${MASK}${value.length > 8 ? value.slice(-4) : ''}`;
    });
  return `${hook.slice(0, at + 1)}${query.join('&')}`;
}

/** In-app notices, each user's notification settings and each project's chat platforms. */
export function registerNoticeRoutes(r: Router): void {
  const { db, hub } = r.deps;
  const notices = r.deps;
  const mine = (userId: number) =>
    db
      .selectFrom('sysNotice as n')
      .leftJoin('sysProject as p', 'p.projectId', 'n.projectId')
      .leftJoin('sysTeam as t', 't.teamId', 'p.teamId')
      // Who sent it, named as people are everywhere (the notice keeps only their account).
      .leftJoin('sysUser as su', (join) =>
        join.onRef('su.userName', '=', 'n.createBy').on('su.delFlag', '=', '0'),
      )
      .selectAll('n')
      .select(['p.projectName', 't.teamName'])
      .select([
        'su.userId as senderId',
        'su.nickName as senderNickName',
        'su.avatar as senderAvatar',
        'su.userType as senderType',
      ])
      .where('n.receiverId', '=', userId);

  r.get('/system/notice/list', {
    guard: perm('notice:list'),
    query: pageQuery.extend({
      groupName: z.enum(NOTICE_GROUPS).optional().or(z.literal('')),
      noticeTitle: z.string().max(255).optional(),
      isRead: z.enum(['0', '1']).optional(),
    }),
    handler: async (ctx) => {
      let q = mine(ctx.me.userId);
      if (ctx.query.groupName) q = q.where('n.groupName', '=', ctx.query.groupName);
      if (ctx.query.noticeTitle) q = q.where('n.noticeTitle', 'like', `%${ctx.query.noticeTitle}%`);
      if (ctx.query.isRead) q = q.where('n.isRead', '=', Number(ctx.query.isRead));
      const { limit, offset } = pageOf(ctx.query);
      const [rows, count] = await Promise.all([
        q.orderBy('n.noticeId', 'desc').limit(limit).offset(offset).execute(),
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return ctx.table(
        rows.map((row) => shownNotice(row, ctx.lang)),
        Number(count.n),
      );
    },
  });

  r.get('/system/notice/statistics/group', {
    guard: perm('notice:list'),
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysNotice')
        .select(['groupName', 'isRead', (eb) => eb.fn.countAll<number>().as('n')])
        .where('receiverId', '=', ctx.me.userId)
        .groupBy(['groupName', 'isRead'])
        .execute();
      const count = (group: string, read: number) =>
        Number(rows.find((x) => x.groupName === group && x.isRead === read)?.n ?? 0);
      const groups = NOTICE_GROUPS.map((groupName) => ({
        groupName,
        notReadCount: count(groupName, 0),
        readCount: count(groupName, 1),
      }));
      return ctx.table(groups, groups.length);
    },
  });

  r.get('/system/notice/:noticeId', {
    guard: perm('notice:query', 'notice:list'),
    params: z.object({ noticeId: z.coerce.number().int().min(1) }),
    handler: async (ctx) => {
      const row = await mine(ctx.me.userId).where('n.noticeId', '=', ctx.params.noticeId).executeTakeFirst();
      if (!row) throw new AppError('notice.not-found');
      if (row.isRead !== 1) {
        await db.updateTable('sysNotice').set({ isRead: 1 }).where('noticeId', '=', row.noticeId).execute();
        // The reader's other tabs clear their dot.
        await hub.send([ctx.me.userId], 'notice', { noticeId: row.noticeId, isRead: true });
      }
      // An invitation's notice carries its state, for the accept and decline buttons.
      const facts =
        row.noticeKey === INVITATION_NOTICE
          ? (safeJson(row.noticeArgs ?? '') as InvitationFacts | undefined)
          : undefined;
      const invitation = facts ? await invitationState(db, facts.invitationId, ctx.me.userId) : null;
      return ctx.ok({
        ...shownNotice({ ...row, isRead: 1 }, ctx.lang),
        ...(invitation ? { invitation } : {}),
      });
    },
  });

  r.delete('/system/notice/:noticeIds', {
    guard: perm('notice:remove', 'notice:list'),
    params: z.object({ noticeIds: z.string() }),
    handler: async (ctx) => {
      await db
        .deleteFrom('sysNotice')
        .where('noticeId', 'in', parseIds(ctx.params.noticeIds))
        .where('receiverId', '=', ctx.me.userId)
        .execute();
      return ctx.ok();
    },
  });

  r.post('/system/notice/send', {
    guard: perm('notice:send'),
    body: noticeSendBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId }),
    handler: async (ctx) => {
      const { projectId, receiveIds, title, content } = ctx.body;
      const members = new Set(await projectMemberIds(db, projectId));
      const stranger = receiveIds.find((id) => !members.has(id));
      if (stranger !== undefined) throw new AppError('notice.receiver.not-member', [stranger]);
      const settings = await settingsOf(db, projectId, [...new Set(receiveIds)]);
      await deliver(
        notices,
        {
          projectId,
          groupName: 'artificial',
          src: `/notice/index?projectId=${projectId}`,
          createBy: ctx.me.userName,
          render: () => ({ title, content }),
        },
        [...settings].map(([userId, s]) => ({ userId, settings: s.settings })),
      );
      return ctx.ok();
    },
  });

  // An announcement of the platform administrator (the original's system:notice:add, granted to
  // no role): one notice per person, pushed at once; marked so that it, and only it, can be edited.
  r.post('/system/notice', {
    guard: perm('system:notice:add'),
    body: announcementBody,
    handler: async (ctx) => {
      const { noticeTitle, noticeContent, noticeType } = ctx.body;
      const named = [
        ...new Set([...(ctx.body.receiverIds ?? []), ...(ctx.body.receiverId ? [ctx.body.receiverId] : [])]),
      ];
      const people = db
        .selectFrom('sysUser')
        .select('userId')
        .where('delFlag', '=', '0')
        .where('status', '=', '0')
        .where('userType', '!=', API_KEY_USER_TYPE);
      const receivers = (
        named.length > 0 ? await people.where('userId', 'in', named).execute() : await people.execute()
      ).map((u) => u.userId);
      const stranger = named.find((id) => !receivers.includes(id));
      if (stranger !== undefined) throw new AppError('notice.receiver.not-found', [stranger]);
      const now = formatDateTime();
      const batch = JSON.stringify({ batch: randomUUID() });
      const sent: { noticeId: number; receiverId: number }[] = [];
      await db.transaction().execute(async (trx) => {
        for (let at = 0; at < receivers.length; at += 500) {
          const rows = await trx
            .insertInto('sysNotice')
            .values(
              receivers.slice(at, at + 500).map((receiverId) => ({
                noticeTitle,
                noticeContent,
                noticeKey: ANNOUNCEMENT_NOTICE,
                noticeArgs: batch,
                noticeType,
                status: '0',
                groupName: 'artificial',
                projectId: null,
                receiverId,
                src: '/notice/index',
                isRead: 0,
                createBy: ctx.me.userName,
                createTime: now,
              })),
            )
            .returning(['noticeId', 'receiverId'])
            .execute();
          sent.push(...rows);
        }
      });
      for (const row of sent) {
        const facts = {
          noticeId: row.noticeId,
          title: noticeTitle,
          content: noticeContent,
          groupName: 'artificial',
          projectId: null,
          receiverId: row.receiverId,
          src: '/notice/index',
          createTime: now,
          createBy: ctx.me.userName,
        };
        await hub.send([row.receiverId], 'notice', noticeFrame(facts));
      }
      return ctx.ok({ sent: sent.length });
    },
  });

  r.put('/system/notice', {
    guard: perm('system:notice:edit'),
    body: announcementUpdateBody,
    handler: async (ctx) => {
      const row = await db
        .selectFrom('sysNotice')
        .select(['noticeKey', 'noticeArgs'])
        .where('noticeId', '=', ctx.body.noticeId)
        .executeTakeFirst();
      if (!row) throw new AppError('notice.not-found');
      if (row.noticeKey !== ANNOUNCEMENT_NOTICE || !row.noticeArgs)
        throw new AppError('notice.not-announcement');
      const { noticeTitle, noticeContent, status } = ctx.body;
      const changed = await db
        .updateTable('sysNotice')
        .set({
          ...(noticeTitle === undefined ? {} : { noticeTitle }),
          ...(noticeContent === undefined ? {} : { noticeContent }),
          ...(status === undefined ? {} : { status }),
        })
        .where('noticeKey', '=', ANNOUNCEMENT_NOTICE)
        .where('noticeArgs', '=', row.noticeArgs)
        .executeTakeFirst();
      return ctx.ok({ changed: Number(changed.numUpdatedRows) });
    },
  });

  // Each user's own settings in a project (memberId from the client is ignored: always the caller).
  r.get('/im/config', {
    guard: perm('notice:list'),
    query: z.object({ projectId: z.coerce.number().int().min(1), memberId: z.coerce.number().optional() }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const found = (await settingsOf(db, ctx.query.projectId, [ctx.me.userId])).get(ctx.me.userId);
      return ctx.ok({
        imConfigId: found?.imConfigId ?? null,
        projectId: ctx.query.projectId,
        memberId: ctx.me.userId,
        config: found?.settings,
      });
    },
  });

  // What stands between the person's channels and their inbox: which channels the platform or the
  // project has set up, and the deliveries to them that failed (else only in the server log).
  r.get('/im/config/status', {
    guard: perm('notice:list'),
    query: z.object({ projectId: z.coerce.number().int().min(1) }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const { projectId } = ctx.query;
      const since = formatDateTime(new Date(Date.now() - FAILURE_DAYS * 86_400_000));
      const failures = await db
        .selectFrom('sysNoticeOutbox')
        .select(['outboxId', 'channel', 'state', 'attempts', 'lastError', 'createTime'])
        .where('receiverId', '=', ctx.me.userId)
        .where('projectId', '=', projectId)
        .where('webhookId', 'is', null)
        .where('lastError', 'is not', null)
        .where('createTime', '>=', since)
        .orderBy('outboxId', 'desc')
        .limit(FAILURE_LIST_MAX)
        .execute();
      return ctx.ok({
        channels: {
          // A setting that does not open (sealed for another row) is not set up: its deliveries fail.
          mail: (await unlessRefused(() => mailServerOf(db, r.deps.secrets))) !== undefined,
          ding: isDingSetUp(
            await unlessRefused(() => projectPlatform(db, r.deps.secrets, projectId, 'ding')),
          ),
          wechat: isWechatSetUp(
            await unlessRefused(() => projectPlatform(db, r.deps.secrets, projectId, 'wechat')),
          ),
        },
        failures: failures.map((f) => ({
          outboxId: f.outboxId,
          channel: f.channel,
          // Still retried while pending; given up once failed.
          isFinal: f.state === 'failed',
          attempts: f.attempts,
          reason: failureText(ctx.lang, f.lastError ?? ''),
          createTime: f.createTime,
        })),
      });
    },
  });

  r.post('/im/config', {
    guard: perm('notice:list'),
    body: imConfigBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId }),
    handler: async (ctx) => {
      const config = JSON.stringify({ ...ctx.body.config, lang: ctx.lang });
      await db
        .insertInto('imUserConfig')
        .values({
          projectId: ctx.body.projectId,
          memberId: ctx.me.userId,
          config,
          updateTime: formatDateTime(),
        })
        .onConflict((oc) =>
          oc.columns(['projectId', 'memberId']).doUpdateSet({ config, updateTime: formatDateTime() }),
        )
        .execute();
      return ctx.ok();
    },
  });

  const storedPlatform = (projectId: number, code: 'ding' | 'wechat') =>
    db
      .selectFrom('imProjectConfig')
      .selectAll()
      .where('projectId', '=', projectId)
      .where('systemCode', '=', code)
      .executeTakeFirst();
  const storedParams = (row: { projectId: number; systemCode: string; configParams: string }) => {
    const text = r.deps.secrets.open(row.configParams, chatPlatformPlace(row.projectId, row.systemCode));
    const value = safeJson(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  };

  for (const [code, schema] of [
    ['ding', dingParams],
    ['wechat', wechatParams],
  ] as const) {
    r.get(`/im/project/${code}/config`, {
      guard: perm(`${code}:query`, `${code}:list`),
      query: z.object({ projectId: z.coerce.number().int().min(1) }),
      scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
      handler: async (ctx) => {
        const row = await storedPlatform(ctx.query.projectId, code);
        if (!row) return ctx.ok(null);
        const params = storedParams(row);
        const secretsSet = PLATFORM_SECRETS[code].filter((name) => Boolean(params[name]));
        for (const name of PLATFORM_SECRETS[code]) params[name] = '';
        if (typeof params.hook === 'string') params.hook = maskedHook(params.hook);
        return ctx.ok({ ...row, configParams: JSON.stringify(params), secretsSet });
      },
    });
    r.post(`/im/project/${code}/config`, {
      guard: perm(`${code}:save`),
      body: projectImBody,
      scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
      handler: async (ctx) => {
        const raw = safeJson(ctx.body.configParams);
        if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw))
          throw new AppError('notice.config.invalid');
        // A secret left out (or null) keeps the stored one; an empty text clears it.
        const before = await storedPlatform(ctx.body.projectId, code);
        // Settings that do not open here (sealed for another row) keep nothing: entered again.
        const kept = (before && (await unlessRefused(() => storedParams(before)))) ?? {};
        const merged = { ...(raw as Record<string, unknown>) };
        for (const name of PLATFORM_SECRETS[code]) merged[name] ??= kept[name] ?? '';
        // The hook as the page was shown it (its token masked) keeps the stored one.
        if (typeof merged.hook === 'string' && merged.hook.includes(MASK)) {
          if (typeof kept.hook !== 'string' || maskedHook(kept.hook) !== merged.hook)
            throw new AppError('notice.ding.hook.invalid');
          merged.hook = kept.hook;
        }
        const parsed = schema.safeParse(merged);
        if (!parsed.success) {
          const key = parsed.error.issues[0]?.message as MessageKey | undefined;
          throw new AppError(key?.startsWith('notice.') ? key : 'notice.config.invalid');
        }
        // The one address a project sets here; the platforms' APIs are the operator's (environment).
        if ('hook' in parsed.data && parsed.data.hook) await assertSavableUrl(r.deps, parsed.data.hook);
        // Stored sealed: the hook's token and the platform secrets (lib/secrets.ts).
        const configParams = r.deps.secrets.seal(
          JSON.stringify(parsed.data),
          chatPlatformPlace(ctx.body.projectId, code),
        );
        await db
          .insertInto('imProjectConfig')
          .values({ projectId: ctx.body.projectId, systemCode: code, configParams })
          .onConflict((oc) => oc.columns(['projectId', 'systemCode']).doUpdateSet({ configParams }))
          .execute();
        return ctx.ok();
      },
    });
  }

  // The SMTP server: a platform setting of the administrator; the password is never sent back.
  r.get('/system/notice/mail-config', {
    guard: role('admin'),
    handler: async (ctx) => {
      const mail = await storedMailConfig(db, r.deps.secrets);
      if (!mail) return ctx.ok(null);
      const { password, ...shownMail } = mail;
      return ctx.ok({ ...shownMail, hasPassword: Boolean(password) });
    },
  });
  r.put('/system/notice/mail-config', {
    guard: role('admin'),
    body: mailConfigBody,
    handler: async (ctx) => {
      // Settings that do not open (sealed for another row) keep no password: entered again.
      const keep = (await unlessRefused(() => storedMailConfig(db, r.deps.secrets)))?.password;
      const mail: MailConfig = { ...ctx.body, password: ctx.body.password ?? keep ?? '' };
      await storeMailConfig(db, r.deps.secrets, mail);
      return ctx.ok();
    },
  });
}

const FAILURE_DAYS = 30;
const FAILURE_LIST_MAX = 10;
