import type { ImUserSettings } from '@buglet/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Lang } from '../../http/i18n.ts';
import type { DefectEvent, EventBus } from '../../lib/events.ts';
import { markdownHtml, markdownText } from '../../lib/markdown.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Hub } from '../realtime/hub.ts';
import { type DefectNoticeFacts, defectLink, renderDefectNotice } from './notice-render.ts';
import { settingsOf } from './notice-settings.repository.ts';
import type { Outbox } from './outbox.ts';

export interface NoticeDeps {
  db: Db;
  config: AppConfig;
  hub: Hub;
  outbox: Outbox;
}

/** A message for several receivers: literal text, or defect facts rendered per language. */
export interface NoticeMessage {
  projectId: number;
  groupName: 'defect' | 'report' | 'artificial';
  src: string;
  createBy: string | null;
  render: (lang: Lang, baseUrl: string) => { title: string; content: string };
  /** Stored so the notice is rendered again in each reader's language. */
  key?: { name: 'defect'; facts: DefectNoticeFacts };
}

/** A new notice as both clients read it from a `notice` or `panel_notice` frame. */
export interface NoticeFrameFacts {
  noticeId: number | undefined;
  title: string;
  content: string;
  groupName: string;
  projectId: number | null;
  receiverId: number;
  src: string | null;
  createTime: string;
  createBy: string | null;
  backgroundMusic?: boolean;
  backgroundMusicUrl?: string;
}

/**
 * The frame's data: Buglet's names (noticeTitle, groupName, receiverId…) and the original's
 * message object beside them (title, content, group, receiveMemberId, type, sn, timestamp…,
 * original-backend §8), so the original's web and mobile clients read it too. The pop-up's
 * content is HTML, as the original renders it for `panel_notice`.
 */
export function noticeFrame(n: NoticeFrameFacts, kind: 'notice' | 'panel_notice') {
  const isPanel = kind === 'panel_notice';
  const content = isPanel ? markdownHtml(n.content) : n.content;
  return {
    noticeId: n.noticeId,
    noticeTitle: n.title,
    noticeContent: n.content,
    groupName: n.groupName,
    projectId: n.projectId,
    receiverId: n.receiverId,
    src: n.src,
    isRead: false,
    createTime: n.createTime,
    createBy: n.createBy,
    title: n.title,
    content,
    group: n.groupName,
    receiveMemberId: n.receiverId,
    type: isPanel ? 'HTML' : 'MARKDOWN',
    noticeType: '1',
    status: '0',
    sn: n.noticeId === undefined ? undefined : String(n.noticeId),
    timestamp: Date.now(),
    backgroundMusic: n.backgroundMusic ?? false,
    backgroundMusicUrl: n.backgroundMusicUrl ?? null,
    panel: isPanel,
  };
}

/**
 * One notice row per receiver with in-app on; pushed at once to their sockets (and the pop-up
 * panel when they want it); e-mail and chat queued for the background. Never throws into the
 * caller's request: a failure here is logged by the caller's listener.
 */
export async function deliver(
  deps: NoticeDeps,
  message: NoticeMessage,
  receivers: { userId: number; settings: ImUserSettings }[],
): Promise<void> {
  const now = formatDateTime();
  const rendered = receivers.map((r) => ({
    ...r,
    lang: r.settings.lang ?? 'zh_CN',
    ...message.render(r.settings.lang ?? 'zh_CN', ''),
  }));
  const inApp = rendered.filter((r) => r.settings.platforms.asystem.switch);
  // One INSERT for everyone (a notice to a thousand members is one round trip), then the pushes.
  const ids = new Map<number, number>();
  for (let at = 0; at < inApp.length; at += 500) {
    const rows = await deps.db
      .insertInto('sysNotice')
      .values(
        inApp.slice(at, at + 500).map((r) => ({
          noticeTitle: r.title.slice(0, 255),
          noticeContent: r.content,
          noticeKey: message.key?.name ?? null,
          noticeArgs: message.key ? JSON.stringify(message.key.facts) : null,
          noticeType: '1',
          status: '0',
          groupName: message.groupName,
          projectId: message.projectId,
          receiverId: r.userId,
          src: message.src,
          isRead: 0,
          createBy: message.createBy,
          createTime: now,
        })),
      )
      .returning(['noticeId', 'receiverId'])
      .execute();
    for (const row of rows) ids.set(row.receiverId, row.noticeId);
  }
  for (const r of inApp) {
    const system = r.settings.platforms.asystem;
    const notice: NoticeFrameFacts = {
      noticeId: ids.get(r.userId),
      title: r.title,
      content: r.content,
      groupName: message.groupName,
      projectId: message.projectId,
      receiverId: r.userId,
      src: message.src,
      createTime: now,
      createBy: message.createBy,
      // The sound rides on the notice itself, so it plays whether or not the pop-up is wanted.
      backgroundMusic: system.backgroundMusic,
      backgroundMusicUrl: system.backgroundMusicUrl,
    };
    await deps.hub.send([r.userId], 'notice', noticeFrame(notice, 'notice'));
    if (system.panel) await deps.hub.send([r.userId], 'panel_notice', noticeFrame(notice, 'panel_notice'));
  }

  // The account ids in the personal center stand in where the project's settings leave them empty.
  const wantsDefault = rendered
    .filter(
      ({ settings: { platforms: p } }) =>
        (p.ding.switch && !p.ding.userId) || (p.wechat.switch && !p.wechat.userId),
    )
    .map((r) => r.userId);
  const defaults = new Map(
    wantsDefault.length === 0
      ? []
      : (
          await deps.db
            .selectFrom('sysUser')
            .select(['userId', 'dingUserId', 'wechatUserId'])
            .where('userId', 'in', wantsDefault)
            .execute()
        ).map((u) => [u.userId, u]),
  );
  for (const { userId, settings, lang } of rendered) {
    const p = settings.platforms;
    if (!(p.bmail.switch || p.ding.switch || p.wechat.switch)) continue;
    const dingUserId = p.ding.userId || defaults.get(userId)?.dingUserId || '';
    const wechatUserId = p.wechat.userId || defaults.get(userId)?.wechatUserId || '';
    const full = message.render(lang, deps.config.publicUrl);
    const link = `${deps.config.publicUrl}/#${message.src}`;
    if (p.bmail.switch && p.bmail.receiver) {
      await deps.outbox.enqueue(message.projectId, userId, {
        channel: 'mail',
        to: p.bmail.receiver,
        subject: full.title,
        html: markdownHtml(full.content),
        text: markdownText(full.content),
      });
    }
    if (p.ding.switch) {
      await deps.outbox.enqueue(message.projectId, userId, {
        channel: 'ding',
        userId: dingUserId,
        title: full.title,
        text: `${full.title}\n${markdownText(full.content)}`,
        markdown: full.content,
        link,
      });
    }
    if (p.wechat.switch && wechatUserId) {
      await deps.outbox.enqueue(message.projectId, userId, {
        channel: 'wechat',
        userId: wechatUserId,
        text: `${full.title}\n${markdownText(full.content)}`,
      });
    }
  }
}

const NOTIFIED = new Set<DefectEvent['type']>([
  'created',
  'assigned',
  'repaired',
  'rejected',
  'passed',
  'closed',
  'reopened',
]);

/** Who hears of a defect event: its handlers now, the reviewer, its creator and its followers, never the actor. */
async function defectAudience(db: Db, event: DefectEvent) {
  const [defect, handlers, followers, actor, mod] = await Promise.all([
    db.selectFrom('sysDefect').selectAll().where('defectId', '=', event.defectId).executeTakeFirst(),
    db.selectFrom('sysDefectHandler').select('userId').where('defectId', '=', event.defectId).execute(),
    db
      .selectFrom('sysUserDefect')
      .select('userId')
      .where('defectId', '=', event.defectId)
      .where('collect', '=', 1)
      .execute(),
    db.selectFrom('sysUser').select('nickName').where('userId', '=', event.actorId).executeTakeFirst(),
    db
      .selectFrom('sysDefect as d')
      .innerJoin('sysModule as m', 'm.moduleId', 'd.moduleId')
      .select('m.moduleName')
      .where('d.defectId', '=', event.defectId)
      .executeTakeFirst(),
  ]);
  if (!defect) return undefined;
  const concerned = new Set([...handlers.map((h) => h.userId), ...event.receivers, defect.createById]);
  const following = new Set(followers.map((f) => f.userId));
  concerned.delete(event.actorId);
  following.delete(event.actorId);
  return {
    defect,
    concerned,
    following,
    actorName: actor?.nickName ?? '',
    moduleName: mod?.moduleName ?? null,
  };
}

/** Subscribes the notices to the defect workflow's events. */
export function subscribeDefectNotices(
  deps: NoticeDeps,
  events: EventBus,
  onError: (error: unknown) => void,
) {
  return events.onDefect((event) => {
    if (!NOTIFIED.has(event.type)) return;
    void (async () => {
      const audience = await defectAudience(deps.db, event);
      if (!audience) return;
      const { defect, concerned, following } = audience;
      const everyone = [...new Set([...concerned, ...following])];
      const settings = await settingsOf(deps.db, event.projectId, everyone);
      const receivers = everyone.flatMap((userId) => {
        const s = settings.get(userId)?.settings;
        if (!s?.modules.defect.option.realtime.switch) return [];
        const wants =
          (concerned.has(userId) && s.modules.defect.event.receiver) ||
          (following.has(userId) && s.modules.defect.event.collect);
        return wants ? [{ userId, settings: s }] : [];
      });
      if (receivers.length === 0) return;
      const facts: DefectNoticeFacts = {
        event: event.type as DefectNoticeFacts['event'],
        actorName: audience.actorName,
        defectId: defect.defectId,
        projectId: defect.projectId,
        projectNum: defect.projectNum,
        defectName: defect.defectName,
        defectType: defect.defectType,
        defectState: defect.defectState,
        defectLevel: defect.defectLevel,
        moduleName: audience.moduleName,
        moduleVersion: defect.moduleVersion,
        reason: event.reason ?? null,
      };
      await deliver(
        deps,
        {
          projectId: defect.projectId,
          groupName: 'defect',
          src: defectLink(facts),
          createBy: audience.actorName,
          render: (lang, baseUrl) => renderDefectNotice(lang, facts, baseUrl),
          key: { name: 'defect', facts },
        },
        receivers,
      );
    })().catch(onError);
  });
}
