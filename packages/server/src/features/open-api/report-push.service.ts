import {
  DEFECT_STATE_NAMES,
  DEFECT_TYPES,
  DefectLogType,
  DefectState,
  PUSH_DESCRIBE_MAX,
  PUSH_NAME_MAX,
  type PushedDefect,
  type ReportPushBody,
} from '@buglet/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { DefectPushTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import type { AppDeps } from '../../http/route.ts';
import type { DefectEvent } from '../../lib/events.ts';
import { formatDateTime } from '../../lib/time.ts';
import { customFieldsText, settleCustomFields, writeValueRows } from '../defect-fields/custom-values.ts';
import { enabledFields } from '../defect-fields/defect-fields.repository.ts';
import { refreshSearchText } from '../defects/defect-search.ts';
import { allocateNumber, handlersOf, replaceHandlers } from '../defects/defects.repository.ts';
import { type ApiCaller, assertWritable } from './api-key.auth.ts';
import { addVersion, failureFingerprint, keyHash, wholeTextFingerprint } from './fingerprint.ts';
import {
  accountsOf,
  chooseHandlers,
  defaultHandlersOf,
  membersAmong,
  tellOfUnknownHandlers,
} from './push-handlers.ts';

/** The original's codec name, kept so its clients read pushed reports back the same way. */
export const DEFECT_REPORT_CODER = 'com.cat2bug.common.report.DefectReportCoder';
/** The advisory-lock class of pushes (the project id is the lock's other half). */
const PUSH_LOCK = 7301;
const CLOSED_STATES: readonly number[] = [DefectState.CLOSED, DefectState.RESOLVED];
const UPLOAD_PATH = /^\/profile\/[\w\-./]+$/;

export interface PushOutcome {
  reportId: number;
  isNewReport: boolean;
  created: number;
  updated: number;
  reopened: number;
  /** Handlers named that are no project members: their defects were filed without them. */
  unknownHandlers: string[];
  events: DefectEvent[];
}

type PushRow = Selectable<DefectPushTable> & { defectState: number };

const stateOf = (s: PushedDefect['defectState']): number | undefined =>
  s === null || s === undefined ? undefined : typeof s === 'number' ? s : DEFECT_STATE_NAMES.indexOf(s);

/** Only our own uploads, as a defect's image and attachment lists hold. */
const uploadsOf = (list: string | null | undefined) =>
  (list ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => UPLOAD_PATH.test(p) && !p.includes('..'))
    .join(',') || null;

function reportTimeOf(value: ReportPushBody['reportTime']): string {
  if (value === null || value === undefined || value === '') return formatDateTime();
  const date = typeof value === 'number' ? new Date(value) : new Date(String(value).replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? formatDateTime() : formatDateTime(date);
}

/** The items' keys, hashed, and the pushed defects that carry any of them (one query). */
async function knownPushes(db: Db, projectId: number, items: readonly Item[]): Promise<PushRow[]> {
  const hashes = new Set<string>();
  for (const item of items)
    for (const h of [item.keyHash, item.groupHash, item.fingerprint, item.earlierFingerprint])
      if (h) hashes.add(h);
  if (hashes.size === 0) return [];
  const list = [...hashes];
  return db
    .selectFrom('sysDefectPush as p')
    .innerJoin('sysDefect as d', 'd.defectId', 'p.defectId')
    .selectAll('p')
    .select('d.defectState')
    .where('p.projectId', '=', projectId)
    .where('d.isDeleted', '=', 0)
    .where((eb) =>
      eb.or([eb('p.keyHash', 'in', list), eb('p.groupHash', 'in', list), eb('p.fingerprint', 'in', list)]),
    )
    .orderBy('p.defectId')
    .execute();
}

interface Item {
  index: number;
  source: PushedDefect;
  name: string;
  describe: string;
  key: string | null;
  groupKey: string | null;
  keyHash: string | null;
  groupHash: string | null;
  /** Only for an item with neither key. */
  fingerprint: string | null;
  /** What the fingerprint was before it read stack traces: a defect pushed then still folds. */
  earlierFingerprint: string | null;
  /** Who handles it (a push: the report's handler; a single defect: its own list). */
  handlers: number[];
  /** The deliverable, when the caller named one (undefined: leave it as it is). */
  moduleId?: number | null;
}

export function itemOf(source: PushedDefect, index: number, handlers: number[], lang: Lang): Item {
  const name = (source.defectName ?? '').trim().slice(0, PUSH_NAME_MAX);
  const whole = source.defectDescribe ?? '';
  const describe = cutDescription(whole, lang);
  const key = (source.defectKey ?? source.key)?.trim() || null;
  const groupKey = (source.defectGroupKey ?? source.groupKey)?.trim() || null;
  const isKeyed = key !== null || groupKey !== null;
  if (!isKeyed && !name) throw new AppError('api.push.item-incomplete', [index + 1]);
  return {
    index,
    source,
    name,
    describe,
    key,
    groupKey,
    keyHash: key ? keyHash(key) : null,
    groupHash: groupKey ? keyHash(groupKey) : null,
    fingerprint: isKeyed ? null : failureFingerprint(name, whole),
    earlierFingerprint: isKeyed ? null : wholeTextFingerprint(name, describe),
    handlers,
  };
}

/**
 * A pushed description within PUSH_DESCRIBE_MAX: the head and the tail of a longer one (a
 * StackOverflowError's trace runs to 90,000 characters) around a line saying how much was cut.
 * Nobody reads a refused push, so the failure is filed rather than lost.
 */
export function cutDescription(text: string, lang: Lang): string {
  if (text.length <= PUSH_DESCRIBE_MAX) return text;
  const line = (cut: number) => `\n\n…… ${translate(lang, 'api.push.describe-cut', [cut])} ……\n\n`;
  const room = PUSH_DESCRIBE_MAX - line(text.length).length;
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return `${text.slice(0, head)}${line(text.length - room)}${text.slice(text.length - tail)}`;
}

/** Matched as the original matches: every key given must match (both, when both are given). */
const matches = (item: Item, row: PushRow) =>
  item.fingerprint
    ? row.fingerprint === item.fingerprint || row.fingerprint === item.earlierFingerprint
    : (!item.keyHash || row.keyHash === item.keyHash) &&
      (!item.groupHash || row.groupHash === item.groupHash);

/**
 * `POST /api/report/defect` (original-backend §7.3), in one transaction: the report is upserted by
 * its key; each keyed item updates every defect with its keys or creates one; a keyless item is
 * folded into the defect with the same failure fingerprint (counted, not duplicated). A closed or
 * resolved defect pushed again as pending is reopened with "regressed in version X".
 */
export async function pushReport(
  deps: AppDeps,
  api: ApiCaller,
  body: ReportPushBody,
  source: string,
  lang: Lang,
): Promise<PushOutcome> {
  assertWritable(api);
  const data = body.reportData ?? [];
  // The report's handler first, then each item's own (older log reporters send only those), then
  // the key's default; a name that is no project member is left out, never a reason to refuse.
  const reportHandler = accountsOf([body.handler]);
  const choice = await chooseHandlers(deps.db, api.projectId, [
    ...reportHandler,
    ...data.flatMap((d) => accountsOf(d.handleByList)),
  ]);
  const fallback = await defaultHandlersOf(deps.db, api);
  const forAll = membersAmong(choice, reportHandler);
  const items = data.map((source, i) => {
    const own = forAll.length > 0 ? forAll : membersAmong(choice, accountsOf(source.handleByList));
    return itemOf(source, i, own.length > 0 ? own : fallback, lang);
  });
  const now = formatDateTime();
  const outcome: PushOutcome = {
    reportId: 0,
    isNewReport: false,
    created: 0,
    updated: 0,
    reopened: 0,
    unknownHandlers: choice.unknown,
    events: [],
  };

  await deps.db.transaction().execute(async (trx) => {
    await takeTurn(trx, api.projectId);
    const report = {
      reportTitle: body.reportTitle.slice(0, 255),
      reportTime: reportTimeOf(body.reportTime),
      reportDescription: body.reportDescription ?? null,
      reportDataCoder: DEFECT_REPORT_CODER,
      reportData: JSON.stringify(body.reportData ?? []),
      reportSource: source.slice(0, 255),
    };
    const reportKey = body.reportKey?.trim() || null;
    const existing = reportKey
      ? await trx
          .selectFrom('sysReport')
          .select('reportId')
          .where('projectId', '=', api.projectId)
          .where('reportKey', '=', reportKey)
          .executeTakeFirst()
      : undefined;
    if (existing) {
      await trx.updateTable('sysReport').set(report).where('reportId', '=', existing.reportId).execute();
      outcome.reportId = existing.reportId;
    } else {
      const row = await trx
        .insertInto('sysReport')
        .values({
          ...report,
          reportType: 'text',
          createById: api.userId,
          projectId: api.projectId,
          reportKey,
        })
        .returning('reportId')
        .executeTakeFirstOrThrow();
      outcome.reportId = row.reportId;
      outcome.isNewReport = true;
    }

    await upsertItems(trx, api, items, lang, now, outcome);
  });
  for (const event of outcome.events) deps.events.emitDefect(event);
  await tellOfUnknownHandlers(deps, api, outcome.unknownHandlers);
  return outcome;
}

/** Pushes into one project take turns: two at once must not both create the defect of a new key.
 * SQLite writes one transaction at a time anyway; PostgreSQL is told to. */
export async function takeTurn(trx: Db, projectId: number): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${PUSH_LOCK}, ${projectId})`.execute(trx);
}

/** Project members by account; an account that is not one refuses the call, naming it. */
export async function memberIdsOf(db: Db, projectId: number, accounts: readonly string[]): Promise<number[]> {
  const choice = await chooseHandlers(db, projectId, accounts);
  const [stranger] = choice.unknown;
  if (stranger !== undefined) throw new AppError('api.push.handler.not-member', [stranger]);
  return membersAmong(choice, accounts);
}

/**
 * Each item onto its defects, inside the caller's transaction: a keyed item updates every defect
 * with its keys (or makes one), a keyless one is folded into the defect of its fingerprint. Answers
 * the defect ids each item landed on, in item order.
 */
export async function upsertItems(
  trx: Db,
  api: ApiCaller,
  items: readonly Item[],
  lang: Lang,
  now: string,
  outcome: Omit<PushOutcome, 'reportId' | 'isNewReport' | 'unknownHandlers'>,
): Promise<number[][]> {
  const landed: number[][] = [];
  const known = await knownPushes(trx, api.projectId, items);
  // The project's own fields: a new defect gets their defaults, and a required one must be given.
  const fields = await enabledFields(trx, api.projectId);
  const log = (defectId: number, type: DefectLogType, receivers: number[], describe: string | null) =>
    trx
      .insertInto('sysDefectLog')
      .values({
        defectId,
        defectLogType: type,
        defectLogDescribe: describe,
        receiveBy: JSON.stringify(receivers),
        createById: api.userId,
        createTime: now,
      })
      .execute();

  for (const item of items) {
    const handlers = item.handlers;
    const version = item.source.moduleVersion?.trim() || null;
    const found = known.filter((row) => matches(item, row));
    if (found.length === 0) {
      // Keyed but unknown, or a new failure: a new defect (a keyed one needs a name to be made).
      if (!item.name) throw new AppError('api.push.item-incomplete', [item.index + 1]);
      const projectNum = await allocateNumber(trx, api.projectId, 'defect');
      const state = stateOf(item.source.defectState) ?? DefectState.PROCESSING;
      const values = settleCustomFields(fields, null, item.source.customFields);
      const created = await trx
        .insertInto('sysDefect')
        .values({
          projectId: api.projectId,
          projectNum,
          defectType: DEFECT_TYPES.indexOf(item.source.defectType ?? 'BUG'),
          defectName: item.name,
          defectDescribe: item.describe,
          defectLevel: item.source.defectLevel ?? 'middle',
          defectState: state,
          moduleId: item.moduleId ?? null,
          moduleVersion: version,
          imgUrls: uploadsOf(item.source.imgUrls),
          annexUrls: uploadsOf(item.source.annexUrls),
          caseId: null,
          planStartTime: null,
          planEndTime: null,
          lastFixerId: null,
          isDeleted: 0,
          customFields: customFieldsText(values),
          createBy: api.userName,
          createById: api.userId,
          createTime: now,
          updateBy: api.userName,
          updateTime: now,
        })
        .returning('defectId')
        .executeTakeFirstOrThrow();
      await replaceHandlers(trx, created.defectId, handlers);
      await writeValueRows(trx, api.projectId, [{ defectId: created.defectId, values }], { isNew: true });
      await log(created.defectId, DefectLogType.CREATE, handlers, null);
      await refreshSearchText(trx, created.defectId);
      const pushed = {
        defectId: created.defectId,
        projectId: api.projectId,
        defectKey: item.key,
        defectGroupKey: item.groupKey,
        keyHash: item.keyHash,
        groupHash: item.groupHash,
        fingerprint: item.fingerprint,
        occurrences: 1,
        firstSeen: now,
        lastSeen: now,
        versions: addVersion(null, version),
        lastVersion: version,
      };
      await trx.insertInto('sysDefectPush').values(pushed).execute();
      // A later item of this push with the same keys or fingerprint lands on this defect.
      known.push({ ...pushed, defectState: state });
      outcome.created += 1;
      landed.push([created.defectId]);
      outcome.events.push({
        type: 'created',
        defectId: created.defectId,
        projectId: api.projectId,
        actorId: api.userId,
        receivers: handlers,
      });
      continue;
    }

    landed.push(found.map((row) => row.defectId));
    for (const row of found) {
      // A keyed item says what the defect is now (the original: pending unless told); a folded
      // failure only tells that it happened again.
      const wanted = item.fingerprint
        ? undefined
        : (stateOf(item.source.defectState) ?? DefectState.PROCESSING);
      const isRegressed =
        CLOSED_STATES.includes(row.defectState) &&
        (wanted === undefined || wanted === DefectState.PROCESSING);
      const nextState = isRegressed ? DefectState.PROCESSING : (wanted ?? row.defectState);
      const changes = item.fingerprint
        ? {}
        : {
            defectType: DEFECT_TYPES.indexOf(item.source.defectType ?? 'BUG'),
            ...(item.name ? { defectName: item.name } : {}),
            ...(item.source.defectDescribe === undefined || item.source.defectDescribe === null
              ? {}
              : { defectDescribe: item.describe }),
            ...(item.source.defectLevel ? { defectLevel: item.source.defectLevel } : {}),
            ...(version ? { moduleVersion: version } : {}),
            ...(item.moduleId === undefined ? {} : { moduleId: item.moduleId }),
          };
      const before = await trx
        .selectFrom('sysDefect')
        .select([
          'defectType',
          'defectName',
          'defectDescribe',
          'defectLevel',
          'moduleVersion',
          'moduleId',
          'defectState',
        ])
        .where('defectId', '=', row.defectId)
        .executeTakeFirstOrThrow();
      const current =
        handlers.length > 0 ? ((await handlersOf(trx, [row.defectId])).get(row.defectId) ?? []) : [];
      const isNewHandler =
        handlers.length > 0 &&
        (handlers.length !== current.length || handlers.some((h) => !current.includes(h)));
      const isChanged =
        nextState !== before.defectState ||
        Object.entries(changes).some(([k, v]) => before[k as keyof typeof before] !== v) ||
        isNewHandler;
      if (isChanged) {
        await trx
          .updateTable('sysDefect')
          .set({ ...changes, defectState: nextState, updateBy: api.userName, updateTime: now })
          .where('defectId', '=', row.defectId)
          .execute();
        if (isNewHandler) await replaceHandlers(trx, row.defectId, handlers);
        if (isRegressed) {
          const why = version
            ? translate(lang, 'api.push.regressed', [version])
            : translate(lang, 'api.push.regressed-unversioned');
          await log(row.defectId, DefectLogType.OPEN, handlers, why);
          outcome.reopened += 1;
          outcome.events.push({
            type: 'reopened',
            defectId: row.defectId,
            projectId: api.projectId,
            actorId: api.userId,
            receivers: handlers,
            reason: why,
          });
        } else {
          await log(row.defectId, DefectLogType.UPDATE, handlers, null);
          outcome.events.push({
            type: 'updated',
            defectId: row.defectId,
            projectId: api.projectId,
            actorId: api.userId,
            receivers: handlers,
          });
        }
        if ('defectName' in changes || 'defectDescribe' in changes)
          await refreshSearchText(trx, row.defectId);
        row.defectState = nextState;
      }
      const seen = {
        occurrences: row.occurrences + 1,
        lastSeen: now,
        versions: addVersion(row.versions, version),
        ...(version ? { lastVersion: version } : {}),
        // Folded by its earlier fingerprint: it carries the new one from now on.
        ...(item.fingerprint ? { fingerprint: item.fingerprint } : {}),
      };
      await trx.updateTable('sysDefectPush').set(seen).where('defectId', '=', row.defectId).execute();
      Object.assign(row, seen);
      outcome.updated += 1;
    }
  }
  return landed;
}
