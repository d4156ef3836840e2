import { sql } from 'kysely';
import type { Db } from './connect.ts';
import { isPostgres } from './dialect.ts';

/** `%text%` with LIKE's wildcards in the text taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** LIKE on SQLite (case-insensitive for ASCII), ILIKE on PostgreSQL: the same answer on both. */
export const likeOperator = (db: Db) => sql.raw(isPostgres(db) ? 'ilike' : 'like');

/** A column (`alias.column`) containing the text, case-insensitive, wildcards literal. */
export function containsText(db: Db, column: string, text: string) {
  return sql<boolean>`${sql.ref(column)} ${likeOperator(db)} ${likePattern(text)} escape '\\'`;
}

/**
 * `containsText` written so that no index serves it: the test of the whole text on rows an
 * indexed condition found (PostgreSQL would otherwise read the index for it as well).
 */
export function containsTextUnindexed(db: Db, column: string, text: string) {
  return sql<boolean>`(${sql.ref(column)} || '') ${likeOperator(db)} ${likePattern(text)} escape '\\'`;
}

/**
 * PostgreSQL: a column holding lower() of a text (a generated column, e.g. defect_name_folded)
 * containing `text`, case-insensitive: LIKE on both sides lowered is what ILIKE does, without
 * lowering every row. `isIndexed: false` as in containsTextUnindexed.
 */
export function foldedContains(column: string, text: string, { isIndexed = true } = {}) {
  const target = isIndexed ? sql.ref(column) : sql`(${sql.ref(column)} || '')`;
  return sql<boolean>`${target} like lower(${likePattern(text)}) escape '\\'`;
}
