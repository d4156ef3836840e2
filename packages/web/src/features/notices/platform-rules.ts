import type { PlatformCode } from './notices.api.ts';

/**
 * The fields of a project's chat platforms and the server's checks on them (contracts dingParams
 * and wechatParams), so the form refuses what the server would.
 */
export interface PlatformField {
  name: string;
  labelKey: string;
  placeholderKey: string;
  max: number;
  isSecret?: boolean;
  /** The check beyond the length; a message key when it fails. */
  check?: (value: string) => string | undefined;
}

/** A webhook address: http(s), a host, then any path and query (the server's pattern). */
export const HOOK_PATTERN = /^https?:\/\/[^\s/]+(\/\S*)?$/;

export const DING_FIELDS: readonly PlatformField[] = [
  { name: 'keyword', labelKey: 'ding.keyword', placeholderKey: 'ding.enter-hook-keyword', max: 64 },
  {
    name: 'hook',
    labelKey: 'ding.hook',
    placeholderKey: 'ding.enter-hook-url',
    max: 512,
    check: (v) => (v === '' || HOOK_PATTERN.test(v) ? undefined : 'ding.format-error'),
  },
  { name: 'secret', labelKey: 'ding.secret', placeholderKey: 'ding.enter-secret', max: 128, isSecret: true },
  { name: 'clientId', labelKey: 'ding.app-id', placeholderKey: 'ding.enter-app-id', max: 128 },
  {
    name: 'clientSecret',
    labelKey: 'ding.app-secret',
    placeholderKey: 'ding.enter-app-secret',
    max: 128,
    isSecret: true,
  },
  { name: 'robotCode', labelKey: 'ding.robot-code', placeholderKey: 'ding.enter-robot-code', max: 128 },
];

export const WECHAT_FIELDS: readonly PlatformField[] = [
  { name: 'corpId', labelKey: 'enterprise-wechat.id', placeholderKey: 'enterprise-wechat.enter-id', max: 64 },
  {
    name: 'agentId',
    labelKey: 'enterprise-wechat.app-id',
    placeholderKey: 'enterprise-wechat.enter-app-id',
    max: 32,
    check: (v) => (v === '' || /^\d+$/.test(v) ? undefined : 'enterprise-wechat.app-id-digits'),
  },
  {
    name: 'corpSecret',
    labelKey: 'enterprise-wechat.app-secret',
    placeholderKey: 'enterprise-wechat.enter-app-secret',
    max: 128,
    isSecret: true,
  },
];

export const PLATFORM_FIELDS: Record<PlatformCode, readonly PlatformField[]> = {
  ding: DING_FIELDS,
  wechat: WECHAT_FIELDS,
};

export type PlatformValues = Record<string, string>;

/** The stored JSON text as form values: every field a string, anything unreadable empty. */
export function parsePlatformParams(code: PlatformCode, text: string | null | undefined): PlatformValues {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    raw = {};
  }
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const values: PlatformValues = {};
  for (const field of PLATFORM_FIELDS[code]) {
    const value = source[field.name];
    values[field.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/**
 * Trimmed values of the platform's fields only, as the server stores them. A secret that is set
 * and left empty is left out, so the server keeps it.
 */
export function platformParams(
  code: PlatformCode,
  values: Partial<PlatformValues>,
  secretsSet: readonly string[] = [],
): PlatformValues {
  const out: PlatformValues = {};
  for (const field of PLATFORM_FIELDS[code]) {
    const value = (values[field.name] ?? '').trim();
    if (!(field.isSecret && value === '' && secretsSet.includes(field.name))) out[field.name] = value;
  }
  return out;
}

/** A message key for the first problem of one field, or undefined when it passes. */
export function checkPlatformField(
  code: PlatformCode,
  field: PlatformField,
  values: Partial<PlatformValues>,
  secretsSet: readonly string[] = [],
): string | undefined {
  const value = (values[field.name] ?? '').trim();
  if (value.length > field.max) return 'platform.too-long';
  const problem = field.check?.(value);
  if (problem) return problem;
  // WeChat Work needs its three values together, or none of them (a stored secret counts).
  if (code === 'wechat' && value === '' && !secretsSet.includes(field.name)) {
    const filled = PLATFORM_FIELDS[code].some(
      (f) => (values[f.name] ?? '').trim() !== '' || secretsSet.includes(f.name),
    );
    if (filled) return 'enterprise-wechat.incomplete';
  }
  return undefined;
}
