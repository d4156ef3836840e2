import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgres, type TestApp } from '../../test/test-app.ts';
import { StatementNames } from './pg-statements.ts';

describe('named statements (PostgreSQL)', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = new StatementNames();
    const text = 'select "user_name" from "sys_user" where "user_id" = $1';
    expect(names.nameFor(text)).toBeUndefined();
    const name = names.nameFor(text);
    expect(name).toMatch(/^buglet_\d+$/);
    expect(names.nameFor(text)).toBe(name);
    expect(names.nameFor(`${text} and "status" = $2`)).toBeUndefined();
    expect(names.size).toBe(1);
  });

  it('never names a pattern match, whose plan depends on the pattern', () => {
    const names = new StatementNames();
    for (const text of [
      'select 1 from "sys_defect" as "d" where "d"."defect_name" ilike $1 escape \'\\\'',
      'select 1 from "sys_user" where "user_name" LIKE $1',
    ])
      for (let i = 0; i < 5; i++) expect(names.nameFor(text)).toBeUndefined();
    // A column whose name holds the letters is no pattern.
    names.nameFor('select "likes" from "t"');
    expect(names.nameFor('select "likes" from "t"')).toBeDefined();
  });

  it('stops naming new texts at its bound, and forgets a refused one', () => {
    const names = new StatementNames();
    for (let i = 0; i < 1000; i++) {
      names.nameFor(`select ${i}`);
      names.nameFor(`select ${i}`);
    }
    expect(names.size).toBe(400);
    expect(names.nameFor('select 0')).toBeDefined();
    expect(names.nameFor('select 999')).toBeUndefined();
    names.refuse('select 0');
    expect(names.nameFor('select 0')).toBeUndefined();
    expect(names.nameFor('select 0')).toBeUndefined();
    // A name freed by a refusal is not given to another text (connections may still hold it).
    const others = new Set(Array.from({ length: 399 }, (_, i) => names.nameFor(`select ${i + 1}`)));
    names.nameFor('select 1000');
    const fresh = names.nameFor('select 1000');
    expect(fresh).toBeDefined();
    expect(others.has(fresh)).toBe(false);
  });
});

describe.runIf(isPostgres())('named statements on a live PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('prepares a repeated query once per connection and reuses it', async () => {
    await t.db.connection().execute(async (conn) => {
      const read = () =>
        sql<{ userName: string }>`select user_name from sys_user where user_id = ${1}`.execute(conn);
      for (let i = 0; i < 6; i++) expect((await read()).rows[0]?.userName).toBe('admin');
      const { rows } = await sql<{ name: string }>`
        select name from pg_prepared_statements where statement like '%from sys_user where user_id%'`.execute(
        conn,
      );
      // The session's one prepared statement for the text (pg_prepared_statements is per session).
      expect(rows.map((r) => r.name)).toEqual([expect.stringMatching(/^buglet_\d+$/)]);
    });
  });

  it('answers again after a column change under a kept plan (the plan is dropped, the query sent unnamed)', async () => {
    await t.db.connection().execute(async (conn) => {
      await sql`create table named_plan_probe (a int)`.execute(conn);
      await sql`insert into named_plan_probe values (1)`.execute(conn);
      const all = () => sql<Record<string, number>>`select * from named_plan_probe`.execute(conn);
      for (let i = 0; i < 4; i++) expect((await all()).rows).toEqual([{ a: 1 }]);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements where statement like '%named_plan_probe%'`.execute(
        conn,
      );
      expect(rows[0]?.n).toBe(1);
      await sql`alter table named_plan_probe add column b int default 2`.execute(conn);
      expect((await all()).rows).toEqual([{ a: 1, b: 2 }]);
      expect((await all()).rows).toEqual([{ a: 1, b: 2 }]);
    });
  });
});
