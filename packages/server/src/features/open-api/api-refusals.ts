import { apiIdText, apiRefusal, ResultCode } from '@buglet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';

/*
 * A key's refused calls, listed on its page: reporters push unattended and show no answer, so a
 * push refused (a broken payload, an archived project, a missing capability) would otherwise be
 * seen by nobody. Recorded after the answer is sent, never in its way; the newest 50 a key kept.
 */

const KEPT = 50;
const CODE = /^\{"code":(\d+)/;

/** What the answer's envelope says: its business code and message. */
function refusalOf(payload: unknown): { code: number; msg: string | null } | undefined {
  if (typeof payload !== 'string') return undefined;
  const code = Number(CODE.exec(payload)?.[1]);
  if (!code || code === ResultCode.success) return undefined;
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
    return { code, msg: typeof msg === 'string' ? msg.slice(0, 500) : null };
  } catch {
    return { code, msg: null };
  }
}

async function record(
  db: Db,
  req: FastifyRequest,
  apiId: string,
  refusal: { code: number; msg: string | null },
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysProjectApiRefusal')
      .values({
        apiId,
        method: req.method.slice(0, 8),
        url: (req.routeOptions.url ?? req.url.split('?')[0] ?? '').slice(0, 255),
        ipaddr: req.ip.slice(0, 128),
        code: refusal.code,
        reason: refusal.msg,
        createTime: formatDateTime(),
      })
      .execute();
    await sql`delete from sys_project_api_refusal where api_id = ${apiId} and refusal_id not in (
      select refusal_id from sys_project_api_refusal where api_id = ${apiId} order by refusal_id desc limit ${KEPT})`.execute(
      trx,
    );
    await trx
      .updateTable('sysProjectApi')
      .set((eb) => ({ refusedInRow: eb('refusedInRow', '+', 1) }))
      .where('apiId', '=', apiId)
      .execute();
  });
}

export function registerApiRefusals(app: FastifyInstance, r: Router): void {
  const { db } = r.deps;
  app.decorateRequest('apiKeyState', undefined);
  app.addHook('onSend', async (req, _reply, payload) => {
    const key = req.apiKeyState;
    if (!key) return payload;
    const refusal = refusalOf(payload);
    // After the answer: a refused call is recorded, an accepted one ends a run of refusals.
    setImmediate(() => {
      const write = refusal
        ? record(db, req, key.apiId, refusal)
        : key.refusedInRow > 0
          ? db.updateTable('sysProjectApi').set({ refusedInRow: 0 }).where('apiId', '=', key.apiId).execute()
          : undefined;
      write?.catch((error: unknown) => req.log.error({ err: error }, 'API key refusal not recorded'));
    });
    return payload;
  });

  r.get('/system/api/:apiId/refusals', {
    guard: perm('system:api:query', 'system:api:list'),
    params: z.object({ apiId: apiIdText }),
    scope: ({ params }) => ({ kind: 'projectApi', apiId: params.apiId }),
    output: apiRefusal,
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysProjectApiRefusal')
        .select(['refusalId', 'method', 'url', 'ipaddr', 'code', 'reason', 'createTime'])
        .where('apiId', '=', ctx.params.apiId)
        .orderBy('refusalId', 'desc')
        .limit(KEPT)
        .execute();
      return ctx.table(rows, rows.length);
    },
  });
}
