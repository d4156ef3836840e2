import type { WebhookEvent } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import type { DefectEvent, EventBus } from '../../lib/events.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Outbox } from '../notices/outbox.ts';
import { openMembers, toOpenDefects } from '../open-api/open-defects.routes.ts';

/** Defect events as webhooks name them; the rest (deleted…) are not sent. */
const EVENT_OF: Partial<Record<DefectEvent['type'], WebhookEvent>> = {
  created: 'defect.created',
  assigned: 'defect.state_changed',
  repaired: 'defect.state_changed',
  passed: 'defect.state_changed',
  rejected: 'defect.state_changed',
  closed: 'defect.state_changed',
  reopened: 'defect.state_changed',
  commented: 'defect.commented',
  updated: 'defect.updated',
};

interface WebhookDeps {
  db: Db;
  outbox: Outbox;
}

/** The project's enabled webhooks that want the event (one with no events chosen wants all). */
async function listeners(db: Db, projectId: number, event: WebhookEvent) {
  const rows = await db
    .selectFrom('sysProjectWebhook')
    .select(['webhookId', 'events'])
    .where('projectId', '=', projectId)
    .where('enabled', '=', 1)
    .execute();
  return rows.filter((row) => {
    const wanted = row.events ? (JSON.parse(row.events) as string[]) : [];
    return wanted.length === 0 || wanted.includes(event);
  });
}

/** Queues one signed delivery per listening webhook; the outbox sends and retries them. */
export async function emitWebhook(
  deps: WebhookDeps,
  projectId: number,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const hooks = await listeners(deps.db, projectId, event);
  if (hooks.length === 0) return;
  const project = await deps.db
    .selectFrom('sysProject')
    .select('projectName')
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  const body = JSON.stringify({
    event,
    occurredAt: formatDateTime(),
    project: { projectName: project?.projectName ?? '' },
    ...data,
  });
  for (const hook of hooks)
    await deps.outbox.enqueue(projectId, 0, { channel: 'webhook', webhookId: hook.webhookId, event, body });
}

/** Defect events to the project's webhooks, the defect as the Open API shows it (names, not ids). */
export function subscribeWebhooks(deps: WebhookDeps, events: EventBus, onError: (error: unknown) => void) {
  return events.onDefect((event) => {
    const name = EVENT_OF[event.type];
    if (!name) return;
    void (async () => {
      if ((await listeners(deps.db, event.projectId, name)).length === 0) return;
      const [defect] = await toOpenDefects(deps.db, event.projectId, [event.defectId]);
      const actor = (await openMembers(deps.db, [event.actorId])).get(event.actorId) ?? null;
      await emitWebhook(deps, event.projectId, name, {
        action: event.type,
        actor,
        ...(event.reason ? { reason: event.reason } : {}),
        defect,
      });
    })().catch(onError);
  });
}

/** Cases one case.changed delivery names at most (a sheet imports up to 20,000). */
export const CASES_PER_EVENT = 1000;

/**
 * Cases made, changed or deleted, by number (call before a delete, while the rows exist): one
 * delivery per CASES_PER_EVENT cases, so no receiver is sent a body of megabytes.
 */
export async function caseChanged(
  deps: WebhookDeps,
  projectId: number,
  action: 'created' | 'updated' | 'deleted',
  caseIds: readonly number[],
): Promise<void> {
  if (caseIds.length === 0 || (await listeners(deps.db, projectId, 'case.changed')).length === 0) return;
  for (let at = 0; at < caseIds.length; at += CASES_PER_EVENT) {
    const cases = await deps.db
      .selectFrom('sysCase')
      .select(['caseNum', 'caseName', 'caseState'])
      .where('caseId', 'in', caseIds.slice(at, at + CASES_PER_EVENT))
      .orderBy('caseNum')
      .execute();
    await emitWebhook(deps, projectId, 'case.changed', {
      action,
      cases: cases.map((c) => ({ ...c, caseState: c.caseState.toUpperCase() })),
    });
  }
}
