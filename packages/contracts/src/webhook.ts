import { z } from 'zod';

/** What a project's webhooks may be told of; none chosen: all of them. */
export const WEBHOOK_EVENTS = [
  'defect.created',
  'defect.state_changed',
  'defect.commented',
  'defect.updated',
  'case.changed',
  'report.pushed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | 'ping';
/** The signature header: `sha256=` and the HMAC-SHA256 of the raw body with the webhook's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Buglet-Signature-256';
export const WEBHOOK_EVENT_HEADER = 'X-Buglet-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-Buglet-Delivery';

const webhookUrl = z
  .string({ error: 'webhook.url.invalid' })
  .trim()
  .max(1024, { error: 'webhook.url.invalid' })
  .regex(/^https?:\/\/[^\s/?#]+\S*$/i, { error: 'webhook.url.invalid' });
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'webhook.events.invalid' }))
  .max(WEBHOOK_EVENTS.length);

export const webhookCreateBody = z.object({
  projectId: z.number().int().min(1),
  webhookUrl,
  secret: z.string().max(255).optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
  remark: z.string().max(255).nullable().optional(),
});

export const webhookUpdateBody = z.object({
  webhookId: z.number().int().min(1),
  webhookUrl: webhookUrl.optional(),
  /** A new secret; left out: the old one stays (it is never sent back). */
  secret: z.string().max(255).optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
  remark: z.string().max(255).nullable().optional(),
});

export const webhook = z.object({
  webhookId: z.number(),
  projectId: z.number(),
  webhookUrl: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** Whether a secret is set (the secret itself is never sent back). */
  secretSet: z.boolean(),
  createTime: z.string(),
});
export type Webhook = z.infer<typeof webhook>;

export const webhookDelivery = z.object({
  deliveryId: z.number(),
  event: z.string(),
  state: z.string(),
  attempts: z.number(),
  responseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
