import { CONFIG_KEYS } from '@buglet/contracts';
import type { AppDeps } from '../../http/route.ts';
import { assertPublicUrl, type OutboundPolicy, outboundPolicy } from '../../lib/outbound.ts';
import { findConfigValue } from './configs.repository.ts';

/** Switches read from the config records; the environment can force the captcha either way. */

export async function isCaptchaEnabled({ db, config }: AppDeps): Promise<boolean> {
  if (config.captchaEnabled !== undefined) return config.captchaEnabled;
  const value = await findConfigValue(db, CONFIG_KEYS.captchaEnabled);
  // A missing or empty record means enabled, as in the original.
  return value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'true';
}

export async function isRegisterEnabled({ db }: AppDeps): Promise<boolean> {
  const value = await findConfigValue(db, CONFIG_KEYS.registerUser);
  return value?.trim().toLowerCase() === 'true';
}

export async function initialPassword({ db }: AppDeps): Promise<string | undefined> {
  return (await findConfigValue(db, CONFIG_KEYS.initPassword)) || undefined;
}

/** `;`-separated exact IPs, `*` wildcards (10.0.*.*) or ranges (1.2.3.4-1.2.3.9). */
export function isIpBlocked(ip: string, list: string | undefined): boolean {
  if (!list) return false;
  return list
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .some((rule) => ipMatches(ip, rule));
}

function ipMatches(ip: string, rule: string): boolean {
  if (rule.includes('-')) {
    const [from, to] = rule.split('-').map((s) => ipToNumber(s.trim()));
    const n = ipToNumber(ip);
    return from !== undefined && to !== undefined && n !== undefined && n >= from && n <= to;
  }
  if (rule.includes('*')) {
    const re = new RegExp(`^${rule.replace(/\./g, '\\.').replace(/\*/g, '\\d{1,3}')}$`);
    return re.test(ip);
  }
  return rule === ip;
}

function ipToNumber(ip: string): number | undefined {
  const parts = ip
    .replace(/^::ffff:/, '')
    .split('.')
    .map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

export async function isLoginIpBlocked({ db }: AppDeps, ip: string): Promise<boolean> {
  return isIpBlocked(ip, await findConfigValue(db, CONFIG_KEYS.blackIpList));
}

/** The ranges addresses set in projects may reach although internal (none: public addresses only). */
export async function outboundPolicyOf({ db }: Pick<AppDeps, 'db'>): Promise<OutboundPolicy> {
  return outboundPolicy(await findConfigValue(db, CONFIG_KEYS.outboundAllowRanges));
}

/**
 * Refuses to save an address the server would refuse to call. A host that does not resolve now
 * is saved: the call checks it again.
 */
export async function assertSavableUrl(deps: Pick<AppDeps, 'db'>, url: string): Promise<void> {
  await assertPublicUrl(url, await outboundPolicyOf(deps), { allowUnresolved: true });
}
