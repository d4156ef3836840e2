import { personName } from './person-name.ts';
import type { MemberFocus } from './realtime.ts';

/**
 * "Who is looking": what each member has open now, as told by `memberFocus` frames and by the
 * `focusList` of an item's view. One item per member, as in the original: opening another item
 * moves them there.
 */

export type FocusModule = NonNullable<MemberFocus['moduleName']>;
export type FocusUser = MemberFocus['user'];

export interface FocusEntry {
  moduleName: FocusModule;
  dataId: number;
  user: FocusUser;
}

/** userId -> the item that member looks at. */
export type Looking = ReadonlyMap<number, FocusEntry>;

const isSameUser = (a: FocusUser, b: FocusUser) =>
  a.userId === b.userId && a.userName === b.userName && a.nickName === b.nickName && a.avatar === b.avatar;

function place(looking: Looking, entry: FocusEntry): Looking {
  const before = looking.get(entry.user.userId);
  if (
    before &&
    before.moduleName === entry.moduleName &&
    before.dataId === entry.dataId &&
    isSameUser(before.user, entry.user)
  )
    return looking;
  return new Map(looking).set(entry.user.userId, entry);
}

function remove(looking: Looking, userIds: readonly number[]): Looking {
  const present = userIds.filter((id) => looking.has(id));
  if (present.length === 0) return looking;
  const next = new Map(looking);
  for (const id of present) next.delete(id);
  return next;
}

/**
 * One frame: an item named means the member now looks at it (and at nothing else); no item means
 * they left everything. A frame without a user id changes nothing. Unchanged state keeps its identity.
 */
export function applyFocus(looking: Looking, frame: MemberFocus): Looking {
  const user = frame?.user;
  if (!user || typeof user.userId !== 'number') return looking;
  const { moduleName, dataId } = frame;
  if (moduleName === null || dataId === null || moduleName === undefined || dataId === undefined)
    return remove(looking, [user.userId]);
  return place(looking, { moduleName, dataId, user });
}

/**
 * The server's list for one item when it answered: those listed look at it now; those we had on it
 * but who are not listed have left it.
 */
export function seedFocus(
  looking: Looking,
  moduleName: FocusModule,
  dataId: number,
  users: readonly FocusUser[],
): Looking {
  const listed = new Set(users.map((u) => u.userId));
  const gone = [...looking.values()]
    .filter((e) => e.moduleName === moduleName && e.dataId === dataId && !listed.has(e.user.userId))
    .map((e) => e.user.userId);
  let next = remove(looking, gone);
  for (const user of users) next = place(next, { moduleName, dataId, user });
  return next;
}

/** Who looks at this item, in the order they came, without `exceptUserId` (the reader). */
export function lookersOf(
  looking: Looking,
  moduleName: FocusModule,
  dataId: number,
  exceptUserId?: number,
): FocusUser[] {
  const users: FocusUser[] = [];
  for (const entry of looking.values()) {
    if (entry.moduleName === moduleName && entry.dataId === dataId && entry.user.userId !== exceptUserId)
      users.push(entry.user);
  }
  return users;
}

/** The name to show; a leave frame carries only the id, but those never reach the screen. */
export const focusName = (user: FocusUser): string => personName(user) || `#${user.userId}`;
