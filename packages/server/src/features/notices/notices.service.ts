import type { ImUserSettings } from '@buglet/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Lang } from '../../http/i18n.ts';
import type { DefectEvent, EventBus } from '../../lib/events.ts';
import { markdownHtml, markdownText } from '../../lib/markdown.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { DefectRow } from '../defects/defects.repository.ts';
import { projectsMemberIds } from '../projects/project-members.repository.ts';
import type { Hub } from '../realtime/hub.ts';
import { readerLangs } from '../users/reader-langs.ts';
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
 * original-backend §8), so the original's web and mobile clients read it too. A `notice` frame
 * carries the Markdown as written.
 */
export function noticeFrame(n: NoticeFrameFacts) {
  return frameData(n, false, n.content);
}

/** The pop-up's frame (`panel_notice`): its content is HTML, as the original renders it. */
export async function panelNoticeFrame(n: NoticeFrameFacts) {
  return frameData(n, true, await markdownHtml(n.content));
}

function frameData(n: NoticeFrameFacts, isPanel: boolean, content: string) {
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
  // Each in the language they read the app in (else the one their settings were saved in).
  const chosen = await readerLangs(
    deps.db,
    receivers.map((r) => r.userId),
  );
  const rendered = receivers.map((r) => {
    const lang = chosen.get(r.userId) ?? r.settings.lang ?? 'zh_CN';
    return { ...r, lang, ...message.render(lang, '') };
  });
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
  // Only people with a socket open somewhere get a push; the others read the row when they come.
  const online = await deps.hub.onlineAmong(inApp.map((r) => r.userId));
  for (const r of inApp.filter((x) => online.has(x.userId))) {
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
    await deps.hub.send([r.userId], 'notice', noticeFrame(notice));
    if (system.panel) await deps.hub.send([r.userId], 'panel_notice', await panelNoticeFrame(notice));
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
        html: await markdownHtml(full.content),
        text: await markdownText(full.content),
      });
    }
    if (p.ding.switch) {
      await deps.outbox.enqueue(message.projectId, userId, {
        channel: 'ding',
        userId: dingUserId,
        title: full.title,
        text: `${full.title}\n${await markdownText(full.content)}`,
        markdown: full.content,
        link,
      });
    }
    if (p.wechat.switch && wechatUserId) {
      await deps.outbox.enqueue(message.projectId, userId, {
        channel: 'wechat',
        userId: wechatUserId,
        text: `${full.title}\n${await markdownText(full.content)}`,
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

/** What a defect event's notices are made of, read for a batch of events at once. */
interface Audience {
  defect: DefectRow;
  moduleName: string | null;
  /** Handlers now, the event's receivers and the creator; never the actor. */
  concerned: Set<number>;
  /** Followers; never the actor. */
  following: Set<number>;
  actorName: string;
}

/**
 * Who hears of each event: its defect's handlers now, the reviewer, its creator and its
 * followers, never the actor, and only the project's live members (someone who left the project
 * still follows its old defects, or handles them). Five queries for the whole batch, whatever
 * its size.
 */
async function defectAudiences(db: Db, batch: DefectEvent[]): Promise<Map<DefectEvent, Audience>> {
  const defectIds = [...new Set(batch.map((e) => e.defectId))];
  const actorIds = [...new Set(batch.map((e) => e.actorId))];
  const [found, handlers, followers, actors, members] = await Promise.all([
    db
      .selectFrom('sysDefect as d')
      .leftJoin('sysModule as m', 'm.moduleId', 'd.moduleId')
      .selectAll('d')
      .select('m.moduleName')
      .where('d.defectId', 'in', defectIds)
      .execute(),
    db
      .selectFrom('sysDefectHandler')
      .select(['defectId', 'userId'])
      .where('defectId', 'in', defectIds)
      .execute(),
    db
      .selectFrom('sysUserDefect')
      .select(['defectId', 'userId'])
      .where('defectId', 'in', defectIds)
      .where('collect', '=', 1)
      .execute(),
    db.selectFrom('sysUser').select(['userId', 'nickName']).where('userId', 'in', actorIds).execute(),
    projectsMemberIds(db, [...new Set(batch.map((e) => e.projectId))]),
  ]);
  const defects = new Map(
    found.map(({ moduleName, ...defect }) => [defect.defectId, { defect, moduleName }]),
  );
  const nickOf = new Map(actors.map((a) => [a.userId, a.nickName]));
  const byDefect = (rows: { defectId: number; userId: number }[]) => {
    const map = new Map<number, number[]>();
    for (const r of rows) map.set(r.defectId, [...(map.get(r.defectId) ?? []), r.userId]);
    return map;
  };
  const handlersOf = byDefect(handlers);
  const followersOf = byDefect(followers);
  const out = new Map<DefectEvent, Audience>();
  for (const event of batch) {
    const row = defects.get(event.defectId);
    if (!row) continue;
    const concerned = new Set([
      ...(handlersOf.get(event.defectId) ?? []),
      ...event.receivers,
      row.defect.createById,
    ]);
    const following = new Set(followersOf.get(event.defectId) ?? []);
    concerned.delete(event.actorId);
    following.delete(event.actorId);
    const isMember = (userId: number) => members.get(row.defect.projectId)?.has(userId) === true;
    for (const set of [concerned, following])
      for (const userId of set) if (!isMember(userId)) set.delete(userId);
    out.set(event, {
      defect: row.defect,
      moduleName: row.moduleName ?? null,
      concerned,
      following,
      actorName: nickOf.get(event.actorId) ?? '',
    });
  }
  return out;
}

/**
 * Events heard within this window become notices together: their facts and the receivers'
 * settings are read once for all of them. A notice is never more than this late for it.
 */
const BATCH_MS = 10;

/** Subscribes the notices to the defect workflow's events; the answer stops it, notices of events already heard written. */
export function subscribeDefectNotices(
  deps: NoticeDeps,
  events: EventBus,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let pending: DefectEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    const work = noticeDefectEvents(deps, batch).catch(onError);
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const unsubscribe = events.onDefect((event) => {
    if (!NOTIFIED.has(event.type)) return;
    pending.push(event);
    timer ??= setTimeout(flush, BATCH_MS);
  });
  return async () => {
    unsubscribe();
    if (timer) {
      clearTimeout(timer);
      flush();
    }
    await Promise.all(inFlight);
  };
}

async function noticeDefectEvents(deps: NoticeDeps, batch: DefectEvent[]): Promise<void> {
  const audiences = await defectAudiences(deps.db, batch);
  // Everyone's settings in each project the batch touches, one lookup per project.
  const peopleByProject = new Map<number, Set<number>>();
  for (const [event, { concerned, following }] of audiences) {
    const people = peopleByProject.get(event.projectId) ?? new Set<number>();
    for (const id of [...concerned, ...following]) people.add(id);
    peopleByProject.set(event.projectId, people);
  }
  const settingsByProject = new Map<number, Awaited<ReturnType<typeof settingsOf>>>();
  for (const [projectId, people] of peopleByProject)
    settingsByProject.set(projectId, await settingsOf(deps.db, projectId, [...people]));
  // In the order the events happened, each event's notices as before.
  for (const event of batch) {
    const audience = audiences.get(event);
    if (!audience) continue;
    const { defect, concerned, following } = audience;
    const settings = settingsByProject.get(event.projectId);
    const everyone = [...new Set([...concerned, ...following])];
    const receivers = everyone.flatMap((userId) => {
      const s = settings?.get(userId)?.settings;
      if (!s?.modules.defect.option.realtime.switch) return [];
      const wants =
        (concerned.has(userId) && s.modules.defect.event.receiver) ||
        (following.has(userId) && s.modules.defect.event.collect);
      return wants ? [{ userId, settings: s }] : [];
    });
    if (receivers.length === 0) continue;
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
  }
}
