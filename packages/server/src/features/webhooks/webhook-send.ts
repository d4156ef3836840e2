import { createHmac } from 'node:crypto';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { webhookSecretPlace } from '../../db/sealed-places.ts';
import { guardedFetch } from '../../lib/outbound.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { outboundPolicyOf } from '../configs/platform-settings.ts';
import { DELIVERY_TIMEOUT_MS, DeliveryError } from '../notices/delivery-failure.ts';

/** A webhook's receiver answered, but not with a 2xx: the status is kept in the delivery log. */
export class WebhookAnswerError extends DeliveryError {
  constructor(readonly status: number) {
    super('webhook.answered', [status]);
  }
}

export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * One POST to a project's webhook, through the outbound guard (a project admin set the address):
 * the JSON body as queued, its event, a delivery id, and the body's HMAC-SHA256 with the secret.
 * Answers the receiver's status; throws for a refused address, no answer, or a status not 2xx.
 */
export async function sendWebhook(
  db: Db,
  secrets: SecretBox,
  d: { webhookId: number; event: string; body: string },
  deliveryId = '',
): Promise<number> {
  const hook = await db
    .selectFrom('sysProjectWebhook')
    .select(['webhookUrl', 'secret', 'enabled'])
    .where('webhookId', '=', d.webhookId)
    .executeTakeFirst();
  if (!hook) throw new DeliveryError('webhook.deleted');
  if (hook.enabled !== 1 && d.event !== 'ping') throw new DeliveryError('webhook.disabled');
  // Sealed for this webhook: one copied from another row is refused, and nothing is sent.
  const secret = hook.secret ? secrets.open(hook.secret, webhookSecretPlace(d.webhookId)) : '';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Buglet-Webhook',
    [WEBHOOK_EVENT_HEADER]: d.event,
    ...(deliveryId ? { [WEBHOOK_DELIVERY_HEADER]: deliveryId } : {}),
    ...(secret ? { [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, d.body) } : {}),
  };
  const res = await guardedFetch(
    hook.webhookUrl,
    { method: 'POST', headers, body: d.body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) },
    await outboundPolicyOf({ db }),
  );
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new WebhookAnswerError(res.status);
  return res.status;
}
