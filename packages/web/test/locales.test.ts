/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DefectLogType } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import enUS from '../src/locales/en_US.json';
import zhCN from '../src/locales/zh_CN.json';

const SRC = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Literal keys passed to t('...') and the *Key: '...' fields of route and option tables. */
export function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\bt\(\s*'([^']+)'/g,
    // t(flag ? 'a' : 'b')
    /\bt\([^()?]*\?\s*'([^']+)'\s*:\s*'([^']+)'/g,
    /\b(?:titleKey|labelKey|textKey):\s*'([^']+)'/g,
  ];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        for (const key of match.slice(1)) if (key) found.set(key, file);
      }
    }
  }
  return found;
}

const zhKeys = Object.keys(zhCN as Record<string, string>);
const enKeys = Object.keys(enUS as Record<string, string>);

describe('locales', () => {
  it('have the same keys in zh_CN and en_US', () => {
    expect(zhKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !zhKeys.includes(k))).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = [...Object.entries(zhCN), ...Object.entries(enUS)].filter(
      ([, v]) => String(v).trim() === '',
    );
    expect(empty).toEqual([]);
  });

  it('define every key the source uses', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(100);
    // A key with a count may be defined by its plural forms (key_one, key_other) alone.
    const isDefined = (keys: string[], k: string) => keys.includes(k) || keys.includes(`${k}_other`);
    const missing = [...used.keys()].filter((k) => !isDefined(zhKeys, k) || !isDefined(enKeys, k));
    expect(missing.map((k) => `${k} (${used.get(k)})`)).toEqual([]);
  });

  it('name every kind of defect history entry the server writes', () => {
    const missing = Object.keys(DefectLogType)
      .map((name) => `defect.log.${name}`)
      .filter((k) => !zhKeys.includes(k) || !enKeys.includes(k));
    expect(missing).toEqual([]);
  });

  it('give every plural key its forms in both languages', () => {
    const plural = [...zhKeys, ...enKeys].filter((k) => /_(one|other)$/.test(k));
    const bases = [...new Set(plural.map((k) => k.replace(/_(one|other)$/, '')))];
    const lacking = bases.flatMap((base) =>
      [`${base}_one`, `${base}_other`].filter((k) => !zhKeys.includes(k) || !enKeys.includes(k)),
    );
    expect(bases.length).toBeGreaterThan(0);
    expect(lacking).toEqual([]);
  });
});
