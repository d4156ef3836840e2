import { createHash, randomInt } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { API_ID_LENGTH, API_KEY_HEADER } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';

/** `sys_user.user_type` of the hidden user that stands for a key (people are '00'). */
export const API_KEY_USER_TYPE = '03';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A new key in the original's format: yyyyMMddHHmmss (local time) then 16 random [0-9A-Z]. */
export function newApiKey(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  let tail = '';
  for (let i = 0; i < 16; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return stamp + tail;
}

/** Keys are long and random, so one SHA-256 is enough to store them safely (as session tokens are). */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const apiIdOf = (key: string) => key.slice(0, API_ID_LENGTH);

/** The key a request carries, without a leading `Bearer `. */
export function apiKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[API_KEY_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.replace(/^Bearer\s+/i, '').trim();
  return value || undefined;
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is that IPv4 address. */
function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return { address, family: 'ipv4' };
  if (isIPv6(address)) return { address, family: 'ipv6' };
  return undefined;
}

/** Whether the address is one of the rules (addresses and CIDR ranges); no rules: any address. */
export function isAllowedAddress(ip: string, rules: readonly string[]): boolean {
  if (rules.length === 0) return true;
  const caller = plainAddress(ip);
  if (!caller) return false;
  const list = new BlockList();
  for (const rule of rules) {
    const [net = '', bits] = rule.split('/');
    const at = plainAddress(net);
    if (!at) continue;
    if (bits === undefined) {
      list.addAddress(at.address, at.family);
      continue;
    }
    // An IPv4 range written as IPv6 (`::ffff:10.1.0.0/112`) counts its prefix in IPv6 bits.
    const max = at.family === 'ipv4' ? 32 : 128;
    const prefix = at.address !== net && Number(bits) > max ? Number(bits) - 96 : Number(bits);
    // A prefix no address has (the form refuses these; a row written by hand may hold one).
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) continue;
    list.addSubnet(at.address, prefix, at.family);
  }
  return list.check(caller.address, caller.family);
}
