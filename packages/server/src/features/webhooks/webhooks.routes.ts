import { webhook, webhookCreateBody, webhookDelivery, webhookUpdateBody } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ProjectWebhookTable } from '../../db/schema.ts';
import { webhookSecretPlace } from '../../db/sealed-places.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertSavableUrl } from '../configs/platform-settings.ts';
import { failureRecord, failureText } from '../notices/delivery-failure.ts';
import { sendWebhook, WebhookAnswerError } from './webhook-send.ts';

const idParams = z.object({ webhookId: z.coerce.number().int().min(1) });
const DELIVERIES_SHOWN = 50;

const toWebhook = (row: Selectable<ProjectWebhookTable>) => ({
  webhookId: row.webhookId,
  projectId: row.projectId,
  webhookUrl: row.webhookUrl,
  events: row.events ? (JSON.parse(row.events) as string[]) : [],
  enabled: row.enabled === 1,
  remark: row.remark,
  secretSet: Boolean(row.secret),
  createTime: row.createTime,
});

/**
 * A project's outgoing webhooks, on its API page and under its API permissions: the address is
 * checked as every address a project sets (no loopback or private network unless the
 * administrator allows the range); the secret is written, never read back.
 */
export function registerWebhookRoutes(r: Router): void {
  const { db } = r.deps;
  const find = async (webhookId: number) =>
    toWebhook(
      await db
        .selectFrom('sysProjectWebhook')
        .selectAll()
        .where('webhookId', '=', webhookId)
        .executeTakeFirstOrThrow(),
    );

  r.get('/system/webhook/list', {
    guard: perm('system:api:list'),
    query: z.object({ projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1) }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: webhook,
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysProjectWebhook')
        .selectAll()
        .where('projectId', '=', ctx.query.projectId)
        .orderBy('webhookId')
        .execute();
      return ctx.table(rows.map(toWebhook), rows.length);
    },
  });

  r.post('/system/webhook', {
    guard: perm('system:api:add'),
    body: webhookCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: webhook,
    handler: async (ctx) => {
      const b = ctx.body;
      await assertSavableUrl(r.deps, b.webhookUrl);
      const webhookId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('sysProjectWebhook')
          .values({
            projectId: b.projectId,
            webhookUrl: b.webhookUrl,
            secret: null,
            events: b.events?.length ? JSON.stringify(b.events) : null,
            enabled: b.enabled === false ? 0 : 1,
            remark: b.remark ?? null,
            createById: ctx.me.userId,
            createTime: formatDateTime(),
          })
          .returning('webhookId')
          .executeTakeFirstOrThrow();
        // Sealed for its row (lib/secrets.ts), whose id is known only now: written in the same
        // transaction, so no one ever sees the webhook without its secret.
        if (b.secret)
          await trx
            .updateTable('sysProjectWebhook')
            .set({ secret: r.deps.secrets.seal(b.secret, webhookSecretPlace(row.webhookId)) })
            .where('webhookId', '=', row.webhookId)
            .execute();
        return row.webhookId;
      });
      return ctx.ok(await find(webhookId));
    },
  });

  r.put('/system/webhook', {
    guard: perm('system:api:edit'),
    body: webhookUpdateBody,
    scope: ({ body }) => ({ kind: 'webhook', webhookId: body.webhookId, isWrite: true }),
    output: webhook,
    handler: async (ctx) => {
      const b = ctx.body;
      if (b.webhookUrl !== undefined) await assertSavableUrl(r.deps, b.webhookUrl);
      await db
        .updateTable('sysProjectWebhook')
        .set({
          ...(b.webhookUrl === undefined ? {} : { webhookUrl: b.webhookUrl }),
          ...(b.secret ? { secret: r.deps.secrets.seal(b.secret, webhookSecretPlace(b.webhookId)) } : {}),
          ...(b.events === undefined ? {} : { events: b.events.length ? JSON.stringify(b.events) : null }),
          ...(b.enabled === undefined ? {} : { enabled: b.enabled ? 1 : 0 }),
          ...(b.remark === undefined ? {} : { remark: b.remark }),
        })
        .where('webhookId', '=', b.webhookId)
        .execute();
      return ctx.ok(await find(b.webhookId));
    },
  });

  r.delete('/system/webhook/:webhookId', {
    guard: perm('system:api:remove'),
    params: idParams,
    scope: ({ params }) => ({ kind: 'webhook', webhookId: params.webhookId, isWrite: true }),
    handler: async (ctx) => {
      await db.deleteFrom('sysProjectWebhook').where('webhookId', '=', ctx.params.webhookId).execute();
      return ctx.ok();
    },
  });

  r.get('/system/webhook/:webhookId/deliveries', {
    guard: perm('system:api:list'),
    params: idParams,
    scope: ({ params }) => ({ kind: 'webhook', webhookId: params.webhookId }),
    output: webhookDelivery,
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysNoticeOutbox')
        .select([
          'outboxId as deliveryId',
          'payload',
          'state',
          'attempts',
          'responseCode',
          'lastError',
          'createTime',
          'sentTime',
        ])
        .where('webhookId', '=', ctx.params.webhookId)
        .orderBy('outboxId', 'desc')
        .limit(DELIVERIES_SHOWN)
        .execute();
      const deliveries = rows.map(({ payload, ...row }) => ({
        ...row,
        event: String((JSON.parse(payload) as { event?: string }).event ?? ''),
        lastError: row.lastError === null ? null : failureText(ctx.lang, row.lastError),
      }));
      return ctx.table(deliveries, deliveries.length);
    },
  });

  // "Send test": a ping sent now (no retry), its outcome answered and kept in the log.
  r.post('/system/webhook/:webhookId/test', {
    guard: perm('system:api:edit'),
    params: idParams,
    scope: ({ params }) => ({ kind: 'webhook', webhookId: params.webhookId, isWrite: true }),
    output: webhookDelivery,
    handler: async (ctx) => {
      const webhookId = ctx.params.webhookId;
      const body = JSON.stringify({ event: 'ping', occurredAt: formatDateTime(), webhookId });
      const now = formatDateTime();
      const row = await db
        .insertInto('sysNoticeOutbox')
        .values({
          channel: 'webhook',
          projectId: ctx.scoped.projectId,
          receiverId: 0,
          payload: JSON.stringify({ channel: 'webhook', webhookId, event: 'ping', body }),
          state: 'sending',
          attempts: 1,
          nextAttemptAt: Date.now(),
          claimedUntil: Number.MAX_SAFE_INTEGER,
          lastError: null,
          createTime: now,
          sentTime: null,
          webhookId,
          responseCode: null,
        })
        .returning('outboxId')
        .executeTakeFirstOrThrow();
      let outcome: { state: string; responseCode: number | null; lastError: string | null };
      try {
        const status = await sendWebhook(
          db,
          r.deps.secrets,
          { webhookId, event: 'ping', body },
          String(row.outboxId),
        );
        outcome = { state: 'sent', responseCode: status, lastError: null };
      } catch (error) {
        // Kept as a message key (a refused address, the receiver's status, no answer), so the log
        // reads in each reader's language; answered in the caller's.
        outcome = {
          state: 'failed',
          responseCode: error instanceof WebhookAnswerError ? error.status : null,
          lastError: failureRecord(error),
        };
      }
      await db
        .updateTable('sysNoticeOutbox')
        .set({ ...outcome, sentTime: formatDateTime(), claimedUntil: 0 })
        .where('outboxId', '=', row.outboxId)
        .execute();
      return ctx.ok({
        deliveryId: row.outboxId,
        event: 'ping',
        attempts: 1,
        createTime: now,
        sentTime: formatDateTime(),
        ...outcome,
        lastError: outcome.lastError === null ? null : failureText(ctx.lang, outcome.lastError),
      });
    },
  });
}
