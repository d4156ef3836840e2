import type { AjaxResult, TableData, Webhook, WebhookDelivery, WebhookEvent } from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (projectId: number) => ['webhooks', 'list', projectId] as const,
  deliveries: (webhookId: number) => ['webhooks', 'deliveries', webhookId] as const,
};

export interface WebhookCreateBody {
  projectId: number;
  webhookUrl: string;
  secret?: string;
  /** Empty: every event. */
  events?: Exclude<WebhookEvent, 'ping'>[];
  enabled?: boolean;
  remark?: string | null;
}

/** Left out, or an empty secret: the old one stays (it is never sent back). */
export type WebhookUpdateBody = Partial<Omit<WebhookCreateBody, 'projectId'>> & { webhookId: number };

export const listWebhooks = (projectId: number) =>
  http.get<TableData<Webhook>>('/system/webhook/list', { projectId });
export const createWebhook = (body: WebhookCreateBody) =>
  http.post<AjaxResult<Webhook>>('/system/webhook', body);
export const updateWebhook = (body: WebhookUpdateBody) =>
  http.put<AjaxResult<Webhook>>('/system/webhook', body);
export const deleteWebhook = (webhookId: number) => http.delete(`/system/webhook/${webhookId}`);
/** The newest 50 deliveries, newest first. */
export const listDeliveries = (webhookId: number) =>
  http.get<TableData<WebhookDelivery>>(`/system/webhook/${webhookId}/deliveries`);
// The server waits up to 10 s for the receiver, so the client waits longer than its usual 10 s to
// hear the outcome rather than a timeout of its own.
const TEST_TIMEOUT_MS = 20_000;

/** A signed "ping" sent now; the answer says whether it arrived ('sent') or why not ('failed'). */
export const testWebhook = (webhookId: number) =>
  request<AjaxResult<WebhookDelivery>>({
    url: `/system/webhook/${webhookId}/test`,
    method: 'POST',
    timeout: TEST_TIMEOUT_MS,
  });
