import { ROLE_IDS } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { kvCount } from '../../db/kv.ts';
import type { AppDeps } from '../../http/route.ts';
import { sendKeyedNotice } from '../notices/keyed-notice.ts';
import type { ApiCaller } from './api-key.auth.ts';

/*
 * Who handles what a reporter pushes. Reporters push unattended and nobody reads their answers,
 * so a handler that cannot be used never refuses the push (the failure would be lost): the defect
 * is filed to the key's default handler or unassigned, the answer names the handler, and the
 * project's administrators are told once, so a typo in a reporter's settings shows up.
 */

/** Accounts resolved to project members; the others (no such user, not a member) named apart. */
export interface HandlerChoice {
  ids: Map<string, number>;
  unknown: string[];
}

/** Accounts as reporters send them: `[null]`, `[""]` or none mean "no handler". */
export const accountsOf = (list: ReadonlyArray<string | null | undefined> | null | undefined): string[] => [
  ...new Set((list ?? []).map((a) => (typeof a === 'string' ? a.trim() : '')).filter(Boolean)),
];

export async function chooseHandlers(
  db: Db,
  projectId: number,
  accounts: readonly string[],
): Promise<HandlerChoice> {
  const wanted = accountsOf(accounts);
  if (wanted.length === 0) return { ids: new Map(), unknown: [] };
  const members = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select(['u.userId', 'u.userName'])
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0')
    .where('u.userName', 'in', wanted)
    .execute();
  const ids = new Map(members.map((m) => [m.userName, m.userId]));
  return { ids, unknown: wanted.filter((a) => !ids.has(a)) };
}

/** The members among `accounts`, in their order. */
export const membersAmong = (choice: HandlerChoice, accounts: readonly string[]): number[] =>
  accountsOf(accounts).flatMap((a) => {
    const id = choice.ids.get(a);
    return id === undefined ? [] : [id];
  });

/** The key's default handler while they are still a member of its project; else none. */
export async function defaultHandlersOf(db: Db, api: ApiCaller): Promise<number[]> {
  if (api.defaultHandlerId === null) return [];
  const member = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select('u.userId')
    .where('up.projectId', '=', api.projectId)
    .where('up.userId', '=', api.defaultHandlerId)
    .where('u.delFlag', '=', '0')
    .executeTakeFirst();
  return member ? [member.userId] : [];
}

/** A month: a reporter pushing with the same wrong handler all day tells the administrators once. */
const TOLD_FOR_MS = 30 * 24 * 3600 * 1000;

/** Tells the project's administrators, once per handler, that pushes named someone they cannot reach. */
export async function tellOfUnknownHandlers(deps: AppDeps, api: ApiCaller, unknown: readonly string[]) {
  for (const account of unknown) {
    const told = await kvCount(
      deps.db,
      `push_unknown_handler:${api.projectId}:${account.toLowerCase()}`,
      TOLD_FOR_MS,
    );
    if (told > 1) continue;
    const admins = await deps.db
      .selectFrom('sysUserProject as up')
      .innerJoin('sysUserProjectRole as r', 'r.userProjectId', 'up.userProjectId')
      .select('up.userId')
      .distinct()
      .where('up.projectId', '=', api.projectId)
      .where('r.roleId', 'in', [ROLE_IDS.projectAdmin, ROLE_IDS.projectCreateBy])
      .execute();
    for (const { userId } of admins)
      await sendKeyedNotice(
        deps,
        userId,
        {
          title: 'api.push.handler-unknown.notice-title',
          content: 'api.push.handler-unknown.notice-content',
          args: [account, api.nickName],
        },
        { groupName: 'defect', projectId: api.projectId, src: '/project/api' },
      );
  }
}
