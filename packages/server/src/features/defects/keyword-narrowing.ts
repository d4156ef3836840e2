import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import { trigramSchema } from '../../db/trigram-schema.ts';

/**
 * PostgreSQL's trigram index answers `ILIKE '%keyword%'` by intersecting the lists of rows of
 * every trigram in the keyword, read whole: "Defect 400007 in" reads the lists of "def", "efe",
 * "fec", … — in every title of the bench's million — and took 21–33 ms for one match, where
 * "400007" alone takes 0.7 ms. So a keyword of several words is looked up in the index by its
 * rarest word, and the whole keyword is then tested on the few rows that word finds (the same
 * rows: a row holding the keyword holds each of its words).
 *
 * Which trigrams are common is learnt from a sample of each searched column (about SAMPLE_ROWS
 * rows, taken in the background from the first keyword search on, and again every
 * STATS_MAX_AGE_MS; searches before the first sample is in look the keyword up whole); trigrams are named the
 * way pg_trgm's show_trgm names them (three ASCII characters as themselves, others by pg_trgm's
 * CRC), so the sample and the keyword are counted alike.
 */
export const NARROWED_COLUMNS = {
  name: ['sys_defect', 'defect_name'],
  describe: ['sys_defect', 'defect_describe'],
  comment: ['sys_comment', 'comment_content'],
} as const;
export type NarrowedColumn = keyof typeof NARROWED_COLUMNS;

/** The word to find each column's rows by (a column absent: the keyword itself). */
export type KeywordNarrowing = Partial<Record<NarrowedColumn, string>>;

const SAMPLE_ROWS = 3000;
const STATS_MAX_AGE_MS = 60 * 60 * 1000;
/** Trigrams in fewer of the sampled rows than this share are taken as rare (share 0). */
const COMMON_SHARE = 0.002;
/** A word is used instead of the keyword only when it spares lists this long (shares of the table, summed). */
const MIN_SAVING = 0.05;

type Shares = Record<NarrowedColumn, Map<string, number>>;
interface Stats {
  at: number;
  /** The sample in use (none before the first is in). */
  shares?: Shares;
  isSampling: boolean;
}
const statsByDb = new WeakMap<Db, Stats>();

/** The narrowing for `keyword` on PostgreSQL (empty elsewhere, or when no word is much rarer). */
export function keywordNarrowing(db: Db, keyword: string): KeywordNarrowing {
  // Inside a transaction (a Kysely of its own) the database-wide sample is not taken.
  if (!isPostgres(db) || db.isTransaction) return {};
  const words = wordsOf(keyword);
  if (words.filter((w) => w.text.length >= 3).length < 2) return {};
  const shares = sharesOf(db);
  if (!shares) return {};
  const narrowing: KeywordNarrowing = {};
  for (const column of Object.keys(NARROWED_COLUMNS) as NarrowedColumn[]) {
    const word = rarestWord(words, shares[column]);
    if (word) narrowing[column] = word;
  }
  return narrowing;
}

/** A title trigram in this share of the sample or more: a keyword made of such may be common. */
const LIKELY_COMMON_SHARE = 0.01;

/**
 * Whether the keyword may well match more than a few titles (PostgreSQL, once the sample is in):
 * each of its trigrams is in at least 1 % of the sampled titles. A hint for scheduling only.
 */
export function isLikelyCommon(db: Db, keyword: string): boolean {
  if (!isPostgres(db) || db.isTransaction) return false;
  const shares = sharesOf(db)?.name;
  const trigrams = wordsOf(keyword).flatMap(trigramsOf);
  return (
    shares !== undefined &&
    trigrams.length > 0 &&
    trigrams.every((t) => (shares.get(t) ?? 0) >= LIKELY_COMMON_SHARE)
  );
}

/** The sample in use; one is taken (in the background) when there is none or it is old. */
function sharesOf(db: Db): Shares | undefined {
  const stats = statsByDb.get(db) ?? { at: 0, isSampling: false };
  statsByDb.set(db, stats);
  if (!stats.isSampling && Date.now() - stats.at >= STATS_MAX_AGE_MS) {
    stats.isSampling = true;
    void learnTrigramShares(db).finally(() => {
      stats.isSampling = false;
    });
  }
  return stats.shares;
}

/** Takes a sample of the searched columns now (searches use it from then on). */
export async function learnTrigramShares(db: Db): Promise<void> {
  const shares = await sampleShares(db);
  const stats = statsByDb.get(db) ?? { at: 0, isSampling: false };
  statsByDb.set(db, stats);
  stats.shares = shares;
  stats.at = Date.now();
}

async function sampleShares(db: Db): Promise<Shares> {
  const shares: Shares = { name: new Map(), describe: new Map(), comment: new Map() };
  try {
    const trgm = await trigramSchema(db);
    if (!trgm) return shares; // No trigram index: nothing to narrow.
    const showTrgm = sql.raw(`${JSON.stringify(trgm)}.show_trgm`);
    for (const [column, [table, field]] of Object.entries(NARROWED_COLUMNS) as [
      NarrowedColumn,
      readonly [string, string],
    ][]) {
      const { rows: size } = await sql<{ n: number }>`
        select greatest(reltuples, 0)::float8 as n from pg_class where oid = to_regclass(${table})`.execute(
        db,
      );
      const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(1, size[0]?.n ?? 0));
      const { rows } = await sql<{ trigram: string; rowsWith: number; sampled: number }>`
        with s as (select ${sql.ref(field)} as v from ${sql.table(table)} tablesample system (${sql.lit(percent)})
          where ${sql.ref(field)} is not null limit ${SAMPLE_ROWS})
        select t.trigram, count(*)::int as rows_with, (select count(*) from s)::int as sampled
        from s cross join lateral unnest(${showTrgm}(s.v)) as t(trigram) group by t.trigram`.execute(db);
      for (const r of rows) {
        const share = r.rowsWith / Math.max(1, r.sampled);
        if (share >= COMMON_SHARE) shares[column].set(r.trigram, share);
      }
    }
  } catch {
    // A sample is a help, not a need: without one the keyword is looked up whole.
  }
  return shares;
}

interface Word {
  text: string;
  /** Bounded by another character (not the keyword's end) on that side: pg_trgm pads it. */
  isPaddedLeft: boolean;
  isPaddedRight: boolean;
}

/** The keyword's words as pg_trgm splits a pattern: runs of letters and digits, lower case. */
export function wordsOf(keyword: string): Word[] {
  const text = keyword.toLowerCase();
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    text: m[0],
    isPaddedLeft: m.index > 0,
    isPaddedRight: m.index + m[0].length < text.length,
  }));
}

/** The trigrams pg_trgm takes from a word of a pattern, named as show_trgm names them. */
export function trigramsOf(word: Word): string[] {
  const chars = [...`${word.isPaddedLeft ? '  ' : ''}${word.text}${word.isPaddedRight ? ' ' : ''}`];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(trigramName(chars.slice(i, i + 3).join('')));
  return [...out];
}

function rarestWord(words: Word[], shares: Map<string, number>): string | undefined {
  const cost = (trigrams: string[]) => trigrams.reduce((sum, t) => sum + (shares.get(t) ?? 0), 0);
  const whole = cost(words.flatMap(trigramsOf));
  let best: { text: string; cost: number } | undefined;
  for (const w of words) {
    if (w.text.length < 3) continue;
    const own = cost(trigramsOf({ text: w.text, isPaddedLeft: false, isPaddedRight: false }));
    if (!best || own < best.cost) best = { text: w.text, cost: own };
  }
  return best && whole - best.cost >= MIN_SAVING ? best.text : undefined;
}

/** pg_trgm's ISPRINTABLECHAR: an ASCII letter or digit, or a space. */
const isPrintable = (b: number) => b === 0x20 || /[0-9A-Za-z]/.test(String.fromCharCode(b));

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * A trigram as show_trgm prints it. pg_trgm keeps three one-byte characters as they are, and
 * others as the low three bytes of PostgreSQL's legacy CRC-32 of their UTF-8 bytes
 * (compact_trigram); show_trgm prints three ASCII letters, digits or spaces as text, others as 0x%06x.
 */
export function trigramName(trigram: string): string {
  const utf8 = Buffer.from(trigram, 'utf8');
  let bytes = [...utf8];
  if (utf8.length !== 3) {
    let crc = 0xffffffff;
    for (const b of utf8) crc = ((CRC_TABLE[((crc >>> 24) ^ b) & 0xff] as number) ^ (crc << 8)) >>> 0;
    crc = (crc ^ 0xffffffff) >>> 0;
    bytes = [crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff];
  }
  if (bytes.every(isPrintable)) return String.fromCharCode(...bytes);
  const [a = 0, b = 0, c = 0] = bytes;
  return `0x${((a << 16) | (b << 8) | c).toString(16).padStart(6, '0')}`;
}
