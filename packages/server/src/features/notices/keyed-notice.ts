import type { Db } from '../../db/connect.ts';
import { type Lang, type MessageArg, type MessageKey, translate } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Hub } from '../realtime/hub.ts';
import { readerLangs } from '../users/reader-langs.ts';
import { noticeFrame } from './notices.service.ts';

/**
 * A notice the server itself tells one person (a share link locked, say): its words are message
 * keys with their arguments, kept with the row and written in the reader's language when read,
 * as defect notices are, and pushed in the language they read the app in.
 */
export const KEYED_NOTICE = 'message';

export interface KeyedNoticeFacts {
  title: MessageKey;
  content: MessageKey;
  args: MessageArg[];
}

export function renderKeyedNotice(lang: Lang, facts: KeyedNoticeFacts) {
  return {
    title: translate(lang, facts.title, facts.args),
    content: translate(lang, facts.content, facts.args),
  };
}

/** Stores the notice and pushes it to the person's sockets on any instance. */
export async function sendKeyedNotice(
  deps: { db: Db; hub: Hub },
  receiverId: number,
  facts: KeyedNoticeFacts,
  where: { groupName: 'defect' | 'report' | 'artificial'; projectId: number | null; src: string | null },
): Promise<void> {
  const now = formatDateTime();
  const text = renderKeyedNotice('zh_CN', facts);
  const lang = (await readerLangs(deps.db, [receiverId])).get(receiverId) ?? 'zh_CN';
  const row = await deps.db
    .insertInto('sysNotice')
    .values({
      noticeTitle: text.title.slice(0, 255),
      noticeContent: text.content,
      noticeKey: KEYED_NOTICE,
      noticeArgs: JSON.stringify(facts),
      noticeType: '1',
      status: '0',
      groupName: where.groupName,
      projectId: where.projectId,
      receiverId,
      src: where.src,
      isRead: 0,
      createBy: null,
      createTime: now,
    })
    .returning('noticeId')
    .executeTakeFirstOrThrow();
  await deps.hub.send(
    [receiverId],
    'notice',
    noticeFrame({
      noticeId: row.noticeId,
      ...renderKeyedNotice(lang, facts),
      groupName: where.groupName,
      projectId: where.projectId,
      receiverId,
      src: where.src,
      createTime: now,
      createBy: null,
    }),
  );
}
