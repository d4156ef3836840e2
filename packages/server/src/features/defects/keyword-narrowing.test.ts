import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, isPostgres, type TestApp } from '../../../test/test-app.ts';
import {
  isLikelyCommon,
  keywordNarrowing,
  learnTrigramShares,
  trigramName,
  trigramsOf,
  wordsOf,
} from './keyword-narrowing.ts';

const padded = (text: string) => ({ text, isPaddedLeft: true, isPaddedRight: true });

describe('trigrams named as pg_trgm names them', () => {
  it('keeps three ASCII characters and hashes the others like show_trgm', () => {
    expect(trigramName('def')).toBe('def');
    // show_trgm('导出页') on PostgreSQL 15: {0x89a980,0x04dfa6,0x3d5de3,0x48f3be}.
    expect(trigramsOf(padded('导出页')).sort()).toEqual(['0x04dfa6', '0x3d5de3', '0x48f3be', '0x89a980']);
  });

  it('splits a keyword into words, padded where another character bounds them', () => {
    expect(wordsOf('Defect 400007 in')).toEqual([
      { text: 'defect', isPaddedLeft: false, isPaddedRight: true },
      { text: '400007', isPaddedLeft: true, isPaddedRight: true },
      { text: 'in', isPaddedLeft: true, isPaddedRight: false },
    ]);
    expect(trigramsOf(wordsOf('Defect 400007 in')[2] as ReturnType<typeof wordsOf>[number])).toEqual([
      '  i',
      ' in',
    ]);
  });
});

describe.runIf(isPostgres())('keyword narrowing on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('names every trigram as show_trgm does, Chinese and accented letters too', async () => {
    for (const word of ['checkout', '登录页面出错', 'écran', 'straße', '版本2'] as const) {
      const { rows } = await sql<{ t: string }>`select unnest(show_trgm(${word})) as t`.execute(t.db);
      expect(trigramsOf(padded(word)).sort(), word).toEqual(rows.map((r) => r.t).sort());
    }
  });

  it('looks a keyword up by its rarest word once the common trigrams are known, and not before', async () => {
    const team = await insertTestTeam(t.db, {});
    const projectId = await insertTestProject(t.db, team, {});
    await t.db
      .insertInto('sysDefect')
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          projectId,
          projectNum: i + 1,
          defectType: 0,
          defectName: `Defect ${1000 + i} in checkout`,
          defectDescribe: 'Steps to reproduce',
          defectLevel: 'middle',
          defectState: 0,
          isDeleted: 0,
          createById: 1,
          createTime: '2030-01-01 00:00:00',
          updateTime: '2030-01-01 00:00:00',
        })),
      )
      .execute();
    await sql`analyze sys_defect`.execute(t.db);
    expect(keywordNarrowing(t.db, 'Defect 1234 in')).toEqual({});
    await learnTrigramShares(t.db);
    // Titles: "defect" is in every one, "1234" in one; descriptions and comments hold neither,
    // so the keyword itself costs nothing there.
    expect(keywordNarrowing(t.db, 'Defect 1234 in')).toEqual({ name: '1234' });
    expect(keywordNarrowing(t.db, 'checkout')).toEqual({});
    // In every title: walked while it is counted (defect-keyword-list.ts); "1234" is not.
    expect(isLikelyCommon(t.db, 'checkout')).toBe(true);
    expect(isLikelyCommon(t.db, 'Defect 1234')).toBe(false);
  });
});
