import { DefectState, type PlanItemState } from '@buglet/contracts';
import type { ScopedAccess } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { type MessageArg, type MessageKey, translate } from '../../http/i18n.ts';
import type { EventBus } from '../../lib/events.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Actor } from '../defects/defect-workflow.ts';
import { actOnDefect } from '../defects/defects.service.ts';
import { settingsOf } from '../notices/notice-settings.repository.ts';
import { deliver, type NoticeDeps } from '../notices/notices.service.ts';

/**
 * The retest loop, which the original leaves open: a defect raised from a plan's item (or found
 * with a case a plan failed) sent for review as fixed puts the item back to "to retest" and tells
 * its tester; the retest's result then decides the review (retestOutcome).
 */
export function subscribeRetests(deps: NoticeDeps, events: EventBus, onError: (error: unknown) => void) {
  return events.onDefect((event) => {
    if (event.type !== 'repaired') return;
    void markForRetest(deps, event.defectId).catch(onError);
  });
}

/** The items a defect stands for and that did not pass since: raised from them, or failed with its case. */
async function itemsOfDefect(db: Db, defectId: number) {
  const defect = await db
    .selectFrom('sysDefect')
    .select(['defectId', 'caseId', 'projectId', 'projectNum'])
    .where('defectId', '=', defectId)
    .executeTakeFirst();
  if (!defect) return { defect, items: [] };
  const items = await db
    .selectFrom('sysPlanItem as i')
    .innerJoin('sysPlan as p', 'p.planId', 'i.planId')
    .innerJoin('sysCase as c', 'c.caseId', 'i.caseId')
    .select(['i.planItemId', 'i.planId', 'i.testerId', 'p.planName', 'c.caseNum', 'c.caseName'])
    .where('p.projectId', '=', defect.projectId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('i.planItemState', '!=', 'pass'),
          eb.exists(
            eb
              .selectFrom('sysPlanItemDefect as pd')
              .select('pd.defectId')
              .whereRef('pd.planItemId', '=', 'i.planItemId')
              .where('pd.defectId', '=', defectId),
          ),
        ]),
        ...(defect.caseId
          ? [eb.and([eb('i.caseId', '=', defect.caseId), eb('i.planItemState', '=', 'not_pass')])]
          : []),
      ]),
    )
    .execute();
  return { defect, items };
}

async function markForRetest(deps: NoticeDeps, defectId: number): Promise<void> {
  const { defect, items } = await itemsOfDefect(deps.db, defectId);
  if (!defect || items.length === 0) return;
  const now = formatDateTime();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sysPlanItem')
      .set({ planItemState: 'unexecuted', planItemResult: 'retest', updateTime: now })
      .where(
        'planItemId',
        'in',
        items.map((i) => i.planItemId),
      )
      .execute();
    await trx
      .insertInto('sysPlanItemResult')
      .values(
        items.map((i) => ({
          planItemId: i.planItemId,
          planItemState: 'unexecuted',
          planItemResult: 'retest',
          actualResult: translate('zh_CN', 'plan.retest.because', [defect.projectNum]),
          failedStep: null,
          imgUrls: null,
          annexUrls: null,
          createById: null,
          createTime: now,
        })),
      )
      .execute();
  });
  // Each tester hears of their items through their notice settings for the project: in the app,
  // by e-mail, DingTalk or WeCom, as a defect notice reaches them.
  const testers = [...new Set(items.flatMap((i) => (i.testerId ? [i.testerId] : [])))];
  const settings = await settingsOf(deps.db, defect.projectId, testers);
  // Loaded when first needed, as the reports' notices load it (start-up does without markdown-it).
  const { escapeMarkdown } = await import('@buglet/contracts/markdown');
  for (const item of items) {
    const mine = item.testerId ? settings.get(item.testerId) : undefined;
    if (!item.testerId || !mine) continue;
    const args = [item.planName, item.caseNum, item.caseName, defect.projectNum];
    const src = `/project/plan?run=${item.planId}&projectId=${defect.projectId}`;
    await deliver(
      deps,
      {
        projectId: defect.projectId,
        groupName: 'defect',
        src,
        createBy: null,
        render: (lang, baseUrl) => ({
          title: translate(lang, 'plan.retest.notice.title', args).slice(0, 255),
          content: `${escapeMarkdown(translate(lang, 'plan.retest.notice.content', args))}\n\n[${translate(lang, 'plan.retest.notice.open')}](${baseUrl}/#${src})`,
        }),
      },
      [{ userId: item.testerId, settings: mine.settings }],
    );
  }
}

/** What a retest's result did to a defect waiting for review. */
export interface RetestOutcome {
  defectId: number;
  action: 'pass' | 'reject';
  isDone: boolean;
  /** Why it was not (the tester may not review it, say), in the caller's language. */
  msg?: string;
}

/**
 * A retest given its result: for each defect of the items waiting for review, a pass passes the
 * review and a failure rejects it with the failed step and what happened, each as the tester
 * (the workflow's rules apply: a tester who is not its reviewer leaves it as it is).
 */
export async function retestOutcome(
  deps: AppDeps,
  caller: Principal,
  access: ScopedAccess | Actor,
  projectId: number,
  itemIds: readonly string[],
  state: PlanItemState,
  result: { actualResult?: string | null; failedStep?: number | null },
  t: (key: MessageKey, ...args: MessageArg[]) => string,
): Promise<RetestOutcome[]> {
  if (state === 'unexecuted' || itemIds.length === 0) return [];
  const rows = await deps.db
    .selectFrom('sysPlanItem as i')
    .innerJoin('sysDefect as d', (j) =>
      j.on((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('sysPlanItemDefect as pd')
              .select('pd.defectId')
              .whereRef('pd.planItemId', '=', 'i.planItemId')
              .whereRef('pd.defectId', '=', 'd.defectId'),
          ),
          eb('d.caseId', '=', eb.ref('i.caseId')),
        ]),
      ),
    )
    .select('d.defectId')
    .distinct()
    .where('i.planItemId', 'in', [...itemIds])
    .where('d.defectState', '=', DefectState.AUDIT)
    .where('d.isDeleted', '=', 0)
    .where('d.projectId', '=', projectId)
    .execute();
  const action = state === 'pass' ? 'pass' : 'reject';
  const reason =
    action === 'pass'
      ? ''
      : [
          result.failedStep ? t('plan.retest.failed-at', result.failedStep) : t('plan.retest.failed'),
          result.actualResult?.trim() ?? '',
        ]
          .filter(Boolean)
          .join('\n');
  const outcomes: RetestOutcome[] = [];
  for (const { defectId } of rows) {
    try {
      await actOnDefect(deps, caller, access, defectId, action, { receiveBy: [], reason });
      outcomes.push({ defectId, action, isDone: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ defectId, action, isDone: false, msg: t(error.key, ...error.args) });
    }
  }
  return outcomes;
}
