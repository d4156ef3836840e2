import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enUS from './en_US.json' with { type: 'json' };
import zhCN from './zh_CN.json' with { type: 'json' };

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('server messages', () => {
  it('has the same keys in both languages, none empty', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
    for (const value of [...Object.values(enUS), ...Object.values(zhCN)]) expect(value.trim()).not.toBe('');
  });

  it('has a text for every message key the code uses', () => {
    const used = new Set<string>();
    const keyPattern = /(?:AppError\(|fail\(|error:\s*|ctx\.t\(|translate\([^,]+,\s*)'([a-z][\w.-]*)'/g;
    for (const file of sourceFiles(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(keyPattern)) used.add(m[1] ?? '');
    }
    for (const file of sourceFiles(path.resolve(SRC, '../../contracts/src'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/error:\s*'([a-z][\w.-]*)'/g))
        used.add(m[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((k) => !(k in zhCN));
    expect(missing).toEqual([]);
  });
});
