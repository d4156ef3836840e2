import { WEBHOOK_EVENTS, webhookCreateBody } from '@buglet/contracts';

type ListedEvent = (typeof WEBHOOK_EVENTS)[number];

/** Translation key of an event's label ('ping' too, the test's event), or undefined for one the client does not know. */
export const eventLabelKey = (event: string) =>
  event === 'ping' || (WEBHOOK_EVENTS as readonly string[]).includes(event)
    ? `webhook.event.${event}`
    : undefined;

/** A webhook's events in the contract's order, unknown ones left out; 'all' for none listed (as the server reads it). */
export function eventsSummary(events: readonly string[]): 'all' | ListedEvent[] {
  const listed = WEBHOOK_EVENTS.filter((event) => events.includes(event));
  return listed.length === 0 ? 'all' : listed;
}

/** The contract's own message key for an address it refuses, or 'webhook.url.required' for none. */
export function webhookUrlProblem(url: string | undefined): string | undefined {
  if (!url?.trim()) return 'webhook.url.required';
  const parsed = webhookCreateBody.shape.webhookUrl.safeParse(url);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'webhook.url.invalid');
}

export const SECRET_LENGTH = 32;
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Bytes at or above the largest multiple of the alphabet's size are drawn again, so every
// character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % SECRET_ALPHABET.length);

/** A random secret of letters and digits from the browser's cryptographic generator. */
export function generateSecret(
  length = SECRET_LENGTH,
  fill: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let secret = '';
  while (secret.length < length) {
    for (const byte of fill(new Uint8Array(length * 2))) {
      if (byte < UNBIASED_LIMIT && secret.length < length)
        secret += SECRET_ALPHABET[byte % SECRET_ALPHABET.length];
    }
  }
  return secret;
}

/** What the dialog holds. */
export interface WebhookFormValues {
  webhookUrl: string;
  secret?: string;
  events?: string[];
  enabled: boolean;
  remark?: string | null;
}

/**
 * The body the dialog sends, the same for add and modify: events in the contract's order (none:
 * all), an empty remark as null, and the secret only when one was typed, since on a modify an
 * empty secret keeps the old one.
 */
export function webhookBody(values: WebhookFormValues) {
  const secret = values.secret ?? '';
  return {
    webhookUrl: values.webhookUrl.trim(),
    ...(secret ? { secret } : {}),
    events: WEBHOOK_EVENTS.filter((event) => values.events?.includes(event)),
    enabled: values.enabled,
    remark: values.remark?.trim() || null,
  };
}

/** The colour of a delivery's state tag. */
export function deliveryStateColor(state: string): string {
  if (state === 'sent') return 'success';
  if (state === 'failed') return 'error';
  if (state === 'sending') return 'processing';
  return 'default';
}

const DELIVERY_STATES: readonly string[] = ['pending', 'sending', 'sent', 'failed'];

/** Translation key of a delivery's state, or undefined for one the client does not know. */
export const deliveryStateKey = (state: string) =>
  DELIVERY_STATES.includes(state) ? `webhook.state.${state}` : undefined;
