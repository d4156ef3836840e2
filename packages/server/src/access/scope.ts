import { ResultCode, SUPER_ADMIN_ID } from '@buglet/contracts';
import type { Db } from '../db/connect.ts';
import type { Principal } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { hasPermi } from '../http/permission.ts';
import { type Access, loadAccess } from './access.service.ts';
import { rememberedFor } from './auth-cache.ts';
import {
  findAiConfigProjectIds,
  findCaseProjectIds,
  findCommentProjectIds,
  findDefectLogProjectIds,
  findDefectProjectIds,
  findDocumentProjectIds,
  findModuleProjectIds,
  findProjectApiProjectIds,
  findProjectMembership,
  findReportProjectIds,
  findReportTemplateProjectIds,
  findTeamMembership,
  findWebhookProjectIds,
} from './scope.repository.ts';

/**
 * What a request is about. A team- or project-scoped route names its team or project; the
 * caller must belong to it, and their permissions are the roles they hold there (team roles in a
 * team, project roles in a project), whatever their current team or project is. Platform roles do not
 * count inside a team: every registered user holds the default role, which must not let an
 * ordinary member edit or delete the team. Every later feature declares its scope the same way.
 */
export type Scope =
  /**
   * A comma list of teams (deleting several) must name only teams the caller may enter, and the
   * guard must pass in every one of them: the permissions are those held in all.
   */
  | { kind: 'team'; teamId: number | readonly number[]; isWrite?: boolean }
  /** No projectId: the caller's current project (the original reads it from the user config). */
  | { kind: 'project'; projectId: number | undefined; isWrite?: boolean }
  /**
   * A defect (or one of its history entries) stands for its project. A list (a comma-list
   * route) must lie wholly in one project the caller may enter: one id missing, deleted or
   * foreign refuses the whole request before the handler runs, so nothing is half done.
   */
  | { kind: 'defect'; defectId: Ids; isWrite?: boolean }
  | { kind: 'defectLog'; defectLogId: Ids; isWrite?: boolean }
  /** A comment on a history entry stands for its defect's project. */
  | { kind: 'comment'; commentId: Ids; isWrite?: boolean }
  /** So does a deliverable (module) or a test case. */
  | { kind: 'module'; moduleId: Ids; isWrite?: boolean }
  | { kind: 'case'; caseId: Ids; isWrite?: boolean }
  /** And a report, a project's report template (not the shop's) or a document or folder. */
  | { kind: 'report'; reportId: Ids; isWrite?: boolean }
  | { kind: 'reportTemplate'; templateId: Ids; isWrite?: boolean }
  | { kind: 'document'; docId: Ids; isWrite?: boolean }
  /** And an API key, by its public id. */
  | { kind: 'projectApi'; apiId: string | readonly string[]; isWrite?: boolean }
  /** And a webhook. */
  | { kind: 'webhook'; webhookId: Ids; isWrite?: boolean }
  /** And a project's AI settings row. */
  | { kind: 'aiConfig'; aiId: Ids; isWrite?: boolean }
  /** An item of a kind a feature registered (registerItemKind): it stands for its project too. */
  | ItemScope;

/**
 * The kinds of item features bring, each with the type of its ids: a feature adds its kind here
 * by declaration merging and registers how to find an item's project (registerItemKind), so the
 * core names no feature's table.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface ItemKinds {}
type ItemScope = {
  [K in keyof ItemKinds]: {
    kind: 'item';
    item: K;
    id: ItemKinds[K] | readonly ItemKinds[K][];
    isWrite?: boolean;
  };
}[keyof ItemKinds];

type ItemFinder = (db: Db, ids: readonly (number | string)[]) => Promise<number[]>;
const ITEM_FINDERS = new Map<string, ItemFinder>();

/**
 * How to find the project of each item of a kind, one entry per item found (a missing one
 * answers nothing, so the scope refuses). Registered once per process; the same finder again is
 * harmless, another one for a taken kind is a mistake.
 */
export function registerItemKind<K extends keyof ItemKinds>(
  kind: K,
  find: (db: Db, ids: readonly ItemKinds[K][]) => Promise<number[]>,
): void {
  const known = ITEM_FINDERS.get(kind);
  if (known && known !== find) throw new Error(`item kind ${String(kind)} is registered twice`);
  ITEM_FINDERS.set(kind, find as ItemFinder);
}

function ownerOfItem(db: Db, scope: ItemScope): Promise<number | undefined> {
  const find = ITEM_FINDERS.get(scope.item);
  if (!find) throw new Error(`item kind ${String(scope.item)} is not registered`);
  return ownerOf(db, scope.id as number | string | readonly (number | string)[], find);
}

type Ids = number | readonly number[];

export interface ScopedAccess extends Access {
  teamId: number;
  projectId: number;
  isArchived: boolean;
}

const noTeamAccess = () => new AppError('team.no-permission', [], ResultCode.forbidden);
const noProjectAccess = () => new AppError('project.no-permission', [], ResultCode.forbidden);

/**
 * Refuses the same way whether the team or project does not exist, was deleted, or is someone
 * else's: a guessed id learns nothing. A member locked in the team reaches nothing of it.
 */
/** The team, if the user may enter it (an unlocked member, or the super administrator). */
export async function enterableTeam(db: Db, userId: number, teamId: number) {
  const row = await findTeamMembership(db, teamId, userId);
  if (!row || (userId !== SUPER_ADMIN_ID && (row.userTeamId === null || row.isLock === 1)))
    throw noTeamAccess();
  return row;
}

/** The project, if the user may enter it (a member, not locked out of its team, or the super administrator). */
export async function enterableProject(db: Db, userId: number, projectId: number) {
  const row = await findProjectMembership(db, projectId, userId);
  const isMember = row && row.userProjectId !== null && row.userTeamId !== null && row.isLock !== 1;
  if (!row || (userId !== SUPER_ADMIN_ID && !isMember)) throw noProjectAccess();
  return row;
}

/** The project an item belongs to, by the kind of item a route names. */
const OWNER_OF = {
  defect: (db: Db, s: { defectId: Ids }) => ownerOf(db, s.defectId, findDefectProjectIds),
  defectLog: (db: Db, s: { defectLogId: Ids }) => ownerOf(db, s.defectLogId, findDefectLogProjectIds),
  comment: (db: Db, s: { commentId: Ids }) => ownerOf(db, s.commentId, findCommentProjectIds),
  module: (db: Db, s: { moduleId: Ids }) => ownerOf(db, s.moduleId, findModuleProjectIds),
  case: (db: Db, s: { caseId: Ids }) => ownerOf(db, s.caseId, findCaseProjectIds),
  report: (db: Db, s: { reportId: Ids }) => ownerOf(db, s.reportId, findReportProjectIds),
  reportTemplate: (db: Db, s: { templateId: Ids }) => ownerOf(db, s.templateId, findReportTemplateProjectIds),
  document: (db: Db, s: { docId: Ids }) => ownerOf(db, s.docId, findDocumentProjectIds),
  projectApi: (db: Db, s: { apiId: string | readonly string[] }) =>
    ownerOf(db, s.apiId, findProjectApiProjectIds),
  webhook: (db: Db, s: { webhookId: Ids }) => ownerOf(db, s.webhookId, findWebhookProjectIds),
  aiConfig: (db: Db, s: { aiId: Ids }) => ownerOf(db, s.aiId, findAiConfigProjectIds),
};

/** The one project every named item belongs to, or undefined (an item missing, or two projects). */
async function ownerOf<T extends number | string>(
  db: Db,
  ids: T | readonly T[],
  find: (db: Db, ids: readonly T[]) => Promise<number[]>,
): Promise<number | undefined> {
  const wanted: T[] = [...new Set(Array.isArray(ids) ? (ids as readonly T[]) : [ids as T])];
  if (wanted.length === 0) return undefined;
  const projects = await find(db, wanted);
  const [first] = projects;
  if (projects.length !== wanted.length || projects.some((p) => p !== first)) return undefined;
  return first;
}

/**
 * The project an item-scoped route's item belongs to (undefined for a team or project scope):
 * started by the route binding while the session is still being looked up (route.ts), and
 * handed to resolveScope.
 */
export function lookUpOwner(db: Db, scope: Scope): Promise<number | undefined> | undefined {
  if (scope.kind === 'team' || scope.kind === 'project') return undefined;
  return scope.kind === 'item' ? ownerOfItem(db, scope) : OWNER_OF[scope.kind](db, scope as never);
}

export async function resolveScope(
  db: Db,
  principal: Principal,
  scope: Scope,
  owner?: Promise<number | undefined>,
): Promise<ScopedAccess> {
  if (scope.kind !== 'team' && scope.kind !== 'project') {
    const projectId = await (owner ?? lookUpOwner(db, scope));
    if (projectId === undefined) throw noProjectAccess();
    return resolveScope(db, principal, { kind: 'project', projectId, isWrite: scope.isWrite });
  }
  const teams = scope.kind === 'team' ? scope.teamId : undefined;
  if (teams !== undefined && typeof teams !== 'number') {
    const ids = [...new Set(teams)];
    if (ids.length === 0) throw noTeamAccess();
    const each = [];
    for (const teamId of ids) each.push(await resolveScope(db, principal, { kind: 'team', teamId }));
    const [first, ...others] = each as [ScopedAccess, ...ScopedAccess[]];
    const heldInAll = (pick: (a: ScopedAccess) => Set<string>) =>
      new Set([...pick(first)].filter((x) => others.every((o) => pick(o).has(x))));
    return { ...first, permissions: heldInAll((a) => a.permissions), roleKeys: heldInAll((a) => a.roleKeys) };
  }
  if (scope.kind === 'team') {
    const row = await entered(db, principal, `team:${teams}`, async () => {
      const { teamId, teamLock, teamLockRemark } = await enterableTeam(db, principal.userId, teams as number);
      return { teamId, lock: teamLock === 1 ? lockOf('team.locked', teamLockRemark) : null };
    });
    if (scope.isWrite && row.lock) throw lockError(row.lock);
    const context = { ...principal.context, currentTeamId: row.teamId, currentProjectId: 0 };
    const access = await loadAccess(db, principal.userId, context, false, principal.authStamp);
    return { ...access, teamId: row.teamId, projectId: 0, isArchived: false };
  }
  const projectId = scope.projectId ?? principal.context.currentProjectId ?? 0;
  const row = await entered(db, principal, `project:${projectId}`, async () => {
    const found = await enterableProject(db, principal.userId, projectId);
    const lock =
      found.teamLock === 1
        ? lockOf('team.locked', found.teamLockRemark)
        : found.projectLock === 1
          ? lockOf('project.locked', found.projectLockRemark)
          : null;
    return { projectId, teamId: found.teamId, isArchived: found.isArchived, lock };
  });
  if (scope.isWrite && row.isArchived === 1) throw new AppError('project.archived');
  // Locked by the administrator (1.0 §13.8): read-only, and the refusal gives the reason.
  if (scope.isWrite && row.lock) throw lockError(row.lock);
  // Inside a project only the roles held in that project count: a team administrator who is an
  // outsider in a project is an outsider there.
  const context = { ...principal.context, currentTeamId: 0, currentProjectId: row.projectId };
  const access = await loadAccess(db, principal.userId, context, false, principal.authStamp);
  return { ...access, teamId: row.teamId, projectId: row.projectId, isArchived: row.isArchived === 1 };
}

/** A team or project the administrator locked, and why (remembered with the entry check). */
interface Lock {
  key: 'team.locked' | 'project.locked';
  remark: string | null;
}
const lockOf = (key: Lock['key'], remark: string | null): Lock => ({ key, remark });
const lockError = (lock: Lock) => new AppError(lock.key, [lock.remark?.trim() || { key: 'lock.no-reason' }]);

/**
 * An entry check passed, remembered while the caller's versions stand (auth-cache.ts: a change of
 * membership, or a team or project moved, archived, closed or deleted, raises them). A refusal is
 * not remembered.
 */
async function entered<T>(db: Db, principal: Principal, what: string, check: () => Promise<T>): Promise<T> {
  if (!principal.authStamp) return check();
  return rememberedFor(db, `enter:${principal.userId}:${what}`, principal.authStamp, check);
}

/**
 * For routes whose project may be left out (the original's Excel calls use the caller's current
 * one): enters the named or current project for writing and checks the permission there.
 */
export async function enterProjectWith(
  db: Db,
  principal: Principal,
  named: number | undefined,
  permission: string,
): Promise<number> {
  const projectId = named ?? principal.context.currentProjectId ?? 0;
  const scoped = await resolveScope(db, principal, { kind: 'project', projectId, isWrite: true });
  if (!hasPermi(scoped.permissions, permission))
    throw new AppError('auth.forbidden', [], ResultCode.forbidden);
  return projectId;
}
