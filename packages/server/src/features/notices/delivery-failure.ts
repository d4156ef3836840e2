import { AppError } from '../../http/errors.ts';
import { isMessageKey, type Lang, type MessageArg, type MessageKey, translate } from '../../http/i18n.ts';
import { SealedValueRefused } from '../../lib/secrets.ts';

/** How long a delivery waits for its receiver (a chat platform, a webhook) to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The outbox's `last_error` column holds at most 1024 characters. */
const STORED_MAX = 1000;

/** A delivery that failed for a reason of ours: its message key; its message, for logs, in English. */
export class DeliveryError extends AppError {
  constructor(key: MessageKey, args: readonly (string | number)[] = []) {
    super(key, args);
    this.message = translate('en_US', key, args);
  }
}

/**
 * Why a delivery failed, as the outbox keeps it (`lastError`): words of ours as their message key
 * (`notice.delivery.no-wechat`), or with their arguments as a JSON array
 * (`["webhook.answered",503]`: an argument may hold '|', so not the logs' `key|arg`), so that
 * each reader reads them in their language (failureText). What someone else said (an SMTP server's
 * reply, a platform's errmsg inside our words, the runtime's error) is kept as it came.
 */
export function failureRecord(error: unknown): string {
  const keyed = keyedFailure(error);
  if (keyed === undefined)
    return (error instanceof Error ? error.message : String(error)).slice(0, STORED_MAX);
  const [key, args] = keyed;
  if (args.length === 0) return key;
  for (const max of [300, 60]) {
    const record = JSON.stringify([key, ...args.map((a) => clip(a, max))]);
    if (record.length <= STORED_MAX) return record;
  }
  return key;
}

const clip = (arg: MessageArg, max: number) =>
  typeof arg === 'string' && arg.length > max ? `${arg.slice(0, max)}…` : arg;

/** A refusal, a receiver's status, no answer in time or no connection: each in words of ours. */
function keyedFailure(error: unknown): [MessageKey, readonly MessageArg[]] | undefined {
  if (error instanceof AppError) return [error.key, error.args];
  if (error instanceof SealedValueRefused) return ['secret.unreadable', []];
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return ['webhook.timeout', [DELIVERY_TIMEOUT_MS / 1000]];
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  if (typeof code === 'string') return ['webhook.unreachable', [code]];
  return undefined;
}

/** A stored failure in the reader's language; one that holds no message of ours, as it came. */
export function failureText(lang: Lang, stored: string): string {
  const keyed = storedMessage(stored) ?? olderMessage(stored);
  return keyed ? translate(lang, keyed[0], keyed[1]) : stored;
}

function storedMessage(stored: string): [MessageKey, MessageArg[]] | undefined {
  if (isMessageKey(stored)) return [stored, []];
  if (!stored.startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const [key, ...args] = parsed as unknown[];
  return typeof key === 'string' && isMessageKey(key) && args.every(isArg) ? [key, args] : undefined;
}

function isArg(arg: unknown): arg is MessageArg {
  if (typeof arg === 'string' || typeof arg === 'number') return true;
  if (typeof arg !== 'object' || arg === null) return false;
  const { key, args, join } = arg as { key?: unknown; args?: unknown; join?: unknown };
  if (Array.isArray(join)) return join.every(isArg);
  return typeof key === 'string' && (args === undefined || (Array.isArray(args) && args.every(isArg)));
}

/**
 * What the outbox wrote in English before its reasons were message keys: read as the message that
 * replaced each, the platform's or receiver's own words kept as the argument.
 */
const OLDER: [RegExp, MessageKey][] = [
  [/^no mail server is set up$/, 'notice.delivery.no-mail-server'],
  [/^the project has no DingTalk robot$/, 'notice.delivery.no-ding'],
  [/^the project has no WeChat Work app$/, 'notice.delivery.no-wechat'],
  [/^chat delivery without a project$/, 'notice.delivery.no-project'],
  [/^the webhook was deleted$/, 'webhook.deleted'],
  [/^the webhook is disabled$/, 'webhook.disabled'],
  [/^The receiver answered HTTP (\d+), not 2xx$/, 'webhook.answered'],
  [/^DingTalk token refused: (.*)$/s, 'notice.delivery.ding-token-refused'],
  [/^DingTalk refused: (.*)$/s, 'notice.delivery.ding-refused'],
  [/^WeChat Work token refused: (.*)$/s, 'notice.delivery.wechat-token-refused'],
  [/^WeChat Work refused: (.*)$/s, 'notice.delivery.wechat-refused'],
  [/^(\S+) answered HTTP (\d+)$/, 'notice.delivery.answered'],
];

function olderMessage(stored: string): [MessageKey, MessageArg[]] | undefined {
  for (const [pattern, key] of OLDER) {
    const hit = pattern.exec(stored);
    if (hit) return [key, hit.slice(1)];
  }
  return undefined;
}
