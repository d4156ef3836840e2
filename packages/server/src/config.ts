import path from 'node:path';
import { z } from 'zod';

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(2020),
  // Loopback unless told otherwise: a fresh install is not open to the network before its
  // administrator has changed the default password (README: HOST=0.0.0.0 opens it).
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, {
      error: 'must be a postgres:// URL or sqlite:<path> (leave it unset for the embedded database)',
    })
    .optional(),
  CAPTCHA_ENABLED: boolText.optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(5, { error: 'must be 5 to 20 characters' })
    .max(20, { error: 'must be 5 to 20 characters' })
    .optional(),
  SESSION_TTL_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(43200).default(240),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().optional(),
  TRUST_PROXY: boolText.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
    .optional(),
  /** Names the channel and keys, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, { error: 'letters, digits, dot, dash or underscore' })
    .default('buglet'),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, { error: 'must be an http(s):// URL' })
    .optional(),
  NOTICE_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, { error: 'must be a comma-separated list of seconds' })
    .default('5,30,300'),
  DING_API_URL: z
    .string()
    .regex(/^https?:\/\//, { error: 'must be an http(s):// URL' })
    .default('https://api.dingtalk.com'),
  WECHAT_API_URL: z
    .string()
    .regex(/^https?:\/\//, { error: 'must be an http(s):// URL' })
    .default('https://qyapi.weixin.qq.com'),
  /** The platform's AI server (Ollama HTTP API); a project may name its own. */
  AI_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+\S*$/, { error: 'must be an http(s):// URL' })
    .default('http://127.0.0.1:11434'),
  AI_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(3600).default(120),
  SIGN_IN_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(30),
  SIGN_IN_SLOWDOWN_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(60_000).default(1000),
  API_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(3000),
  /** Registrations one address may make a minute. */
  REGISTER_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(5),
  /** Captcha images (the login and registration pages' /captchaImage) one address may fetch a minute. */
  CAPTCHA_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(60),
  /** Uploads (files, screenshots, avatars, Excel imports) one person may send a minute, all routes together. */
  UPLOAD_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(60),
  /** false: this process runs no scheduled jobs (run once still works); several instances may all run it. */
  SCHEDULER_ENABLED: boolText.default(true),
  /** Seals stored credentials (lib/secrets.ts); unset: a key file in DATA_DIR. The same on every instance. */
  SECRET_KEY: z
    .string()
    .min(32, { error: 'must be at least 32 characters (openssl rand -base64 32)' })
    .optional(),
  /** true: credentials sealed with a key that is lost are erased at start (features/secrets). */
  FORGET_SEALED_SECRETS: boolText.default(false),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  captchaEnabled: boolean | undefined;
  adminPassword: string | undefined;
  sessionTtlMinutes: number;
  logLevel: string;
  webDir: string | undefined;
  trustProxy: boolean;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Where people open the app; links in e-mail and chat messages start with it. */
  publicUrl: string;
  /** Waits before each retry of an e-mail or chat delivery; after the last one it is recorded as failed. */
  noticeRetrySeconds: number[];
  dingApiUrl: string;
  wechatApiUrl: string;
  aiUrl: string;
  /** How long a generation may take before it is given up. */
  aiTimeoutSeconds: number;
  /** Sign-in and share-password requests one address may make a minute (each route counted apart). */
  signInRatePerMinute: number;
  /** Registrations one address may make a minute. */
  registerRatePerMinute: number;
  /** Captcha images one address may fetch a minute. */
  captchaRatePerMinute: number;
  /** Uploads one person (an anonymous caller: one address) may send a minute, every upload route together. */
  uploadRatePerMinute: number;
  /** The pause added to each wrong password once an account has failed often (per step). */
  signInSlowdownMs: number;
  /** Open API requests one key (a call without a known key: one address) may make a minute, every route together. */
  apiRatePerMinute: number;
  /** Whether the scheduled jobs run in this process (features/jobs). */
  isSchedulerEnabled: boolean;
  /** The text the key sealing stored credentials is made from; undefined: DATA_DIR/secret.key. */
  secretKey: string | undefined;
  /** Whether the start erases credentials sealed with another key instead of refusing to start. */
  forgetSealedSecrets: boolean;
}

export class ConfigError extends Error {}

/** Reads the environment once; a wrong value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    database: databaseFrom(e.DATABASE_URL, dataDir),
    captchaEnabled: e.CAPTCHA_ENABLED,
    adminPassword: e.ADMIN_PASSWORD,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    noticeRetrySeconds: e.NOTICE_RETRY_SECONDS.split(',').map(Number),
    dingApiUrl: e.DING_API_URL.replace(/\/+$/, ''),
    wechatApiUrl: e.WECHAT_API_URL.replace(/\/+$/, ''),
    aiUrl: e.AI_URL.replace(/\/+$/, ''),
    aiTimeoutSeconds: e.AI_TIMEOUT_SECONDS,
    signInRatePerMinute: e.SIGN_IN_RATE_PER_MINUTE,
    registerRatePerMinute: e.REGISTER_RATE_PER_MINUTE,
    captchaRatePerMinute: e.CAPTCHA_RATE_PER_MINUTE,
    uploadRatePerMinute: e.UPLOAD_RATE_PER_MINUTE,
    apiRatePerMinute: e.API_RATE_PER_MINUTE,
    signInSlowdownMs: e.SIGN_IN_SLOWDOWN_MS,
    isSchedulerEnabled: e.SCHEDULER_ENABLED,
    secretKey: e.SECRET_KEY,
    forgetSealedSecrets: e.FORGET_SEALED_SECRETS,
  };
}

function databaseFrom(url: string | undefined, dataDir: string): AppConfig['database'] {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'buglet.db') };
  if (url.startsWith('postgres')) return { kind: 'postgres', url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
}
