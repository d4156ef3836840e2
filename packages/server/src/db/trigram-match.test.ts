import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isPlainCodePoint, TrigramMatch, trigramMatch } from './trigram-match.ts';

// The index the defect search uses (migration 007), in memory, asked directly.
const db = new SQLite(':memory:');
db.exec(`create virtual table t using fts5(title, body, tokenize = 'trigram')`);
afterAll(() => db.close());

const indexMatches = (phrase: string, title: string, body: string) => {
  db.exec('delete from t');
  db.prepare('insert into t (rowid, title, body) values (1, ?, ?)').run(title, body);
  const match = `"${phrase.replace(/"/g, '""')}"`;
  return (db.prepare('select count(*) n from t where t match ?').get(match) as { n: number }).n === 1;
};

describe('trigramMatch', () => {
  it('decides ASCII and Chinese text as the index does, case-insensitively for A-Z only', () => {
    expect(trigramMatch('checkout', 'Defect 9 in CheckOut')).toBe(TrigramMatch.yes);
    expect(trigramMatch('checkout', 'Defect 9 in check out')).toBe(TrigramMatch.no);
    expect(trigramMatch('报表页', null, '打开报表页面出错')).toBe(TrigramMatch.yes);
    expect(trigramMatch('报表页面', '报表', '页面')).toBe(TrigramMatch.no);
    expect(trigramMatch('登录 A', '点击登录 a 按钮')).toBe(TrigramMatch.yes);
    expect(trigramMatch('100%', 'at 100% load')).toBe(TrigramMatch.yes);
  });

  it('leaves to the index what folding could decide, and stays certain where folding cannot matter', () => {
    // É folds to é in the index: not decided here.
    expect(trigramMatch('éte', 'ÉTÉ')).toBe(TrigramMatch.maybe);
    // The Kelvin sign folds to k.
    expect(trigramMatch('kilo', '\u212Ailo')).toBe(TrigramMatch.maybe);
    // A character is always equal to itself; a text with no window that could match is no.
    expect(trigramMatch('café', 'Un café noir')).toBe(TrigramMatch.yes);
    expect(trigramMatch('café', 'thé noir')).toBe(TrigramMatch.no);
    expect(trigramMatch('abc', 'zzz', undefined, '')).toBe(TrigramMatch.no);
  });

  it('takes as plain only characters the index folds as A-Z to a-z and leaves alone otherwise', () => {
    // The index's folding of each code point, read back through fts5vocab ('x' + c + 'y' is one trigram).
    const probe = new SQLite(':memory:');
    try {
      probe.exec(`create virtual table f using fts5(t, tokenize = 'trigram');
        create virtual table v using fts5vocab(f, 'instance');`);
      const insert = probe.prepare('insert into f (rowid, t) values (?, ?)');
      let plain = 0;
      probe.transaction(() => {
        for (let cp = 1; cp <= 0x10ffff; cp++) {
          if (!isPlainCodePoint(cp) || (cp >= 0xd800 && cp <= 0xdfff)) continue;
          insert.run(cp, `x${String.fromCodePoint(cp)}y`);
          plain++;
        }
      })();
      const wrong: string[] = [];
      let read = 0;
      for (const row of probe.prepare('select term, doc from v').iterate() as Iterable<{
        term: string;
        doc: number;
      }>) {
        read++;
        const folded = [...row.term][1]?.codePointAt(0);
        const expected = row.doc >= 0x41 && row.doc <= 0x5a ? row.doc + 32 : row.doc;
        if (folded !== expected) wrong.push(`${row.doc.toString(16)} -> ${folded?.toString(16)}`);
      }
      expect(read).toBe(plain);
      expect(wrong).toEqual([]);
    } finally {
      probe.close();
    }
  }, 60_000);

  it('never contradicts the index (random texts of tricky characters)', () => {
    const alphabet = fc.constantFrom(...'aAbBkKsSiI 登录页面ÉéÄäßẞΣσςſİı\u212AＡａ"'.split(''), '\u{1D400}');
    const text = fc.array(alphabet, { maxLength: 12 }).map((a) => a.join(''));
    const phrase = fc.array(alphabet, { minLength: 3, maxLength: 5 }).map((a) => a.join(''));
    fc.assert(
      fc.property(phrase, text, text, (p, title, body) => {
        const decided = trigramMatch(p, title, body);
        if (decided !== TrigramMatch.maybe)
          expect(indexMatches(p, title, body)).toBe(decided === TrigramMatch.yes);
      }),
      { numRuns: 3000 },
    );
  });
});
