import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { KV_FOREVER_MS, kvGet, kvPut } from '../../db/kv.ts';
import { kvPlace, MAIL_CONFIG_KEY } from '../../db/sealed-places.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { guardedFetch, type OutboundPolicy } from '../../lib/outbound.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { formatDateTime } from '../../lib/time.ts';
import { outboundPolicyOf } from '../configs/platform-settings.ts';
import { sendWebhook, WebhookAnswerError } from '../webhooks/webhook-send.ts';
import { DELIVERY_TIMEOUT_MS, DeliveryError, failureRecord, failureText } from './delivery-failure.ts';
import { projectPlatform, safeJson } from './notice-settings.repository.ts';

export type Delivery =
  | { channel: 'mail'; to: string; subject: string; html: string; text: string }
  | { channel: 'ding'; userId: string; title: string; text: string; markdown: string; link: string }
  | { channel: 'wechat'; userId: string; text: string }
  /** `body` is the JSON sent as it is, so the signature covers exactly the bytes received. */
  | { channel: 'webhook'; webhookId: number; event: string; body: string };

/**
 * Why a delivery could not go: the channel is not set up. Recorded as the outbox's error as the
 * message key, so the reader sees it in their language (notices.routes.ts).
 */
export const NOT_SET_UP = {
  mail: 'notice.delivery.no-mail-server',
  ding: 'notice.delivery.no-ding',
  wechat: 'notice.delivery.no-wechat',
} as const satisfies Record<string, MessageKey>;

/** The SMTP server as stored (sealed: it holds the password), whether or not its host is set. */
export async function storedMailConfig(db: Db, secrets: SecretBox): Promise<MailConfig | undefined> {
  const text = await kvGet(db, MAIL_CONFIG_KEY);
  return text
    ? (safeJson(secrets.open(text, kvPlace(MAIL_CONFIG_KEY))) as MailConfig | undefined)
    : undefined;
}

export async function storeMailConfig(db: Db, secrets: SecretBox, mail: MailConfig): Promise<void> {
  await kvPut(
    db,
    MAIL_CONFIG_KEY,
    secrets.seal(JSON.stringify(mail), kvPlace(MAIL_CONFIG_KEY)),
    KV_FOREVER_MS,
  );
}

/** The platform's SMTP server, when the administrator has set one. */
export async function mailServerOf(db: Db, secrets: SecretBox): Promise<MailConfig | undefined> {
  const mail = await storedMailConfig(db, secrets);
  return mail?.host ? mail : undefined;
}

/** A group hook, or the app robot's id and code: either sends. */
export const isDingSetUp = (ding: { hook: string; clientId: string; robotCode: string } | undefined) =>
  Boolean(ding && (ding.hook || (ding.clientId && ding.robotCode)));
export const isWechatSetUp = (wx: { corpId: string } | undefined) => Boolean(wx?.corpId);
const CLAIM_MS = 60_000;

export interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
}

/**
 * E-mail and chat deliveries, written in the request's transaction-free aftermath and sent in
 * the background: each is claimed by one instance, tried, and retried after the configured waits;
 * after the last one it stays as `failed` with its error. The request that caused it never waits.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The platform's SMTP server, when the administrator has set one. */
  mailServer(): Promise<MailConfig | undefined> {
    return mailServerOf(this.db, this.secrets);
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async enqueue(projectId: number | null, receiverId: number, delivery: Delivery): Promise<void> {
    await this.db
      .insertInto('sysNoticeOutbox')
      .values({
        channel: delivery.channel,
        projectId,
        receiverId,
        payload: JSON.stringify(delivery),
        state: 'pending',
        attempts: 0,
        nextAttemptAt: Date.now(),
        claimedUntil: 0,
        lastError: null,
        createTime: formatDateTime(),
        sentTime: null,
        webhookId: delivery.channel === 'webhook' ? delivery.webhookId : null,
        responseCode: null,
      })
      .execute();
    this.kick();
  }

  /** Runs one pass now (one at a time per instance). */
  kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.pass()
      .catch((error: unknown) => this.log.error({ err: error }, 'notice outbox pass failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** For tests: until nothing is due or being sent. */
  async drain(): Promise<void> {
    for (;;) {
      await this.running;
      this.kick();
      await this.running;
      const busy = await this.db
        .selectFrom('sysNoticeOutbox')
        .select('outboxId')
        .where('state', '=', 'pending')
        .where('nextAttemptAt', '<=', Date.now())
        .executeTakeFirst();
      if (!busy) return;
    }
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    const due = await this.db
      .selectFrom('sysNoticeOutbox')
      .selectAll()
      .where('state', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .where('claimedUntil', '<', now)
      .orderBy('outboxId')
      .limit(50)
      .execute();
    await Promise.all(
      due.map(async (row) => {
        // Claimed by one instance only: the update succeeds for whoever gets there first.
        const claim = await this.db
          .updateTable('sysNoticeOutbox')
          .set({ claimedUntil: now + CLAIM_MS })
          .where('outboxId', '=', row.outboxId)
          .where('claimedUntil', '<', now)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) return;
        const delivery = safeJson(row.payload) as Delivery;
        try {
          const status = await this.send(row, delivery);
          await this.db
            .updateTable('sysNoticeOutbox')
            .set({
              state: 'sent',
              attempts: row.attempts + 1,
              sentTime: formatDateTime(),
              lastError: null,
              responseCode: status ?? null,
            })
            .where('outboxId', '=', row.outboxId)
            .execute();
        } catch (error) {
          const attempts = row.attempts + 1;
          const wait = this.config.noticeRetrySeconds[attempts - 1];
          // Kept as a message key where the words are ours, so each reader reads it in their language.
          const record = failureRecord(error);
          this.log.warn(
            { outboxId: row.outboxId, channel: row.channel, attempts, err: failureText('en_US', record) },
            'notice delivery failed',
          );
          await this.db
            .updateTable('sysNoticeOutbox')
            .set({
              attempts,
              lastError: record,
              claimedUntil: 0,
              responseCode: error instanceof WebhookAnswerError ? error.status : null,
              ...(wait === undefined ? { state: 'failed' } : { nextAttemptAt: Date.now() + wait * 1000 }),
            })
            .where('outboxId', '=', row.outboxId)
            .execute();
        }
      }),
    );
  }

  /** Sends one delivery; a webhook's answers its receiver's HTTP status. */
  private async send(
    row: { outboxId: number; projectId: number | null },
    d: Delivery,
  ): Promise<number | undefined> {
    if (d.channel === 'webhook') return sendWebhook(this.db, this.secrets, d, String(row.outboxId));
    if (d.channel === 'mail') await this.sendMail(d);
    else if (row.projectId === null) throw new DeliveryError('notice.delivery.no-project');
    else if (d.channel === 'ding') await this.sendDing(row.projectId, d);
    else await this.sendWechat(row.projectId, d);
    return undefined;
  }

  private async sendMail(d: Extract<Delivery, { channel: 'mail' }>): Promise<void> {
    const mail = await this.mailServer();
    if (!mail) throw new DeliveryError(NOT_SET_UP.mail);
    const { createTransport } = await import('nodemailer');
    const transport = createTransport({
      host: mail.host,
      port: mail.port,
      secure: mail.secure,
      ...(mail.user ? { auth: { user: mail.user, pass: mail.password } } : {}),
      connectionTimeout: DELIVERY_TIMEOUT_MS,
      greetingTimeout: DELIVERY_TIMEOUT_MS,
      socketTimeout: DELIVERY_TIMEOUT_MS,
      // Loopback and internal relays often use self-signed certificates for STARTTLS.
      tls: { rejectUnauthorized: false },
    });
    try {
      await transport.sendMail({ from: mail.from, to: d.to, subject: d.subject, html: d.html, text: d.text });
    } finally {
      transport.close();
    }
  }

  private async sendDing(projectId: number, d: Extract<Delivery, { channel: 'ding' }>): Promise<void> {
    const ding = await projectPlatform(this.db, this.secrets, projectId, 'ding');
    if (!ding || !isDingSetUp(ding)) throw new DeliveryError(NOT_SET_UP.ding);
    const content = ding.keyword ? `【${ding.keyword}】${d.text}` : d.text;
    if (ding.hook) {
      // The project's admin set the hook: it goes through the outbound guard.
      const guard = await outboundPolicyOf({ db: this.db });
      await postJson(
        signedHook(ding.hook, ding.secret),
        { msgtype: 'text', text: { content } },
        checkDingAnswer,
        { guard },
      );
    }
    if (ding.clientId && ding.clientSecret && ding.robotCode && d.userId) {
      const token = await postJson(
        `${this.config.dingApiUrl}/v1.0/oauth2/accessToken`,
        { appKey: ding.clientId, appSecret: ding.clientSecret },
        (body) => {
          if (!body.accessToken)
            throw new DeliveryError('notice.delivery.ding-token-refused', [
              JSON.stringify(body).slice(0, 200),
            ]);
        },
      );
      await postJson(
        `${this.config.dingApiUrl}/v1.0/robot/oToMessages/batchSend`,
        {
          robotCode: ding.robotCode,
          userIds: [d.userId],
          msgKey: 'sampleMarkdown',
          msgParam: JSON.stringify({ title: d.title, text: d.markdown }),
        },
        () => undefined,
        { headers: { 'x-acs-dingtalk-access-token': String(token.accessToken) } },
      );
    }
  }

  private async sendWechat(projectId: number, d: Extract<Delivery, { channel: 'wechat' }>): Promise<void> {
    const wx = await projectPlatform(this.db, this.secrets, projectId, 'wechat');
    if (!wx || !isWechatSetUp(wx)) throw new DeliveryError(NOT_SET_UP.wechat);
    const base = this.config.wechatApiUrl;
    const token = await getJson(
      `${base}/cgi-bin/gettoken?corpid=${encodeURIComponent(wx.corpId)}&corpsecret=${encodeURIComponent(wx.corpSecret)}`,
    );
    if (token.errcode && token.errcode !== 0)
      throw new DeliveryError('notice.delivery.wechat-token-refused', [String(token.errmsg)]);
    await postJson(
      `${base}/cgi-bin/message/send?access_token=${encodeURIComponent(String(token.access_token))}`,
      { touser: d.userId, msgtype: 'text', agentid: Number(wx.agentId), text: { content: d.text }, safe: 0 },
      (body) => {
        if (body.errcode && body.errcode !== 0)
          throw new DeliveryError('notice.delivery.wechat-refused', [String(body.errmsg)]);
      },
    );
  }
}

/** A group robot hook with its signature: HMAC-SHA256 of "timestamp\nsecret", Base64, in the query. */
export function signedHook(hook: string, secret: string, now = Date.now()): string {
  if (!secret) return hook;
  const sign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64');
  return `${hook}${hook.includes('?') ? '&' : '?'}timestamp=${now}&sign=${encodeURIComponent(sign)}`;
}

function checkDingAnswer(body: Record<string, unknown>) {
  if (body.errcode !== undefined && body.errcode !== 0)
    throw new DeliveryError('notice.delivery.ding-refused', [String(body.errmsg)]);
}

/**
 * Without a `guard`, the address is the operator's: DING_API_URL and WECHAT_API_URL come from the
 * environment and may well be internal relays, so they are called as they are.
 */
async function postJson(
  url: string,
  payload: unknown,
  check: (body: Record<string, unknown>) => void,
  options: { headers?: Record<string, string>; guard?: OutboundPolicy } = {},
): Promise<Record<string, unknown>> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  };
  const res = options.guard ? await guardedFetch(url, init, options.guard) : await fetch(url, init);
  if (!res.ok) throw new DeliveryError('notice.delivery.answered', [new URL(url).host, res.status]);
  const body = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  check(body);
  return body;
}

/** Only for the operator's WECHAT_API_URL: unguarded, as postJson without a guard. */
async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
  if (!res.ok) throw new DeliveryError('notice.delivery.answered', [new URL(url).host, res.status]);
  return (await res.json()) as Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

declare module '../../http/deps.ts' {
  interface AppDeps {
    /** E-mail and chat deliveries sent in the background. */
    outbox: Outbox;
  }
}
