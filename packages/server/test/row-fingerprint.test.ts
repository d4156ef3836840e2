import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from './factories.ts';
import { rowFingerprint } from './row-fingerprint.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let projectA = 0;
let projectB = 0;
const skip = new Set(['sys_session', 'sys_kv', 'sys_oper_log', 'sys_auth_version', 'sys_logininfor']);
const onlyA = (cols: ReadonlySet<string>) =>
  cols.has('project_id') ? sql`${sql.ref('project_id')} = ${projectA}` : undefined;

beforeAll(async () => {
  t = await createTestApp();
  const person = await t.signedIn();
  const team = await insertTestTeam(t.db, { [person.userId]: [12] }, 'fingerprint team');
  projectA = await insertTestProject(t.db, team, { [person.userId]: [11] }, { name: 'A' });
  projectB = await insertTestProject(t.db, team, { [person.userId]: [11] }, { name: 'B' });
});
afterAll(async () => t.close());

/** The guard of the authorisation matrix and the fuzz test: it must see every change it watches. */
describe('the row fingerprint', () => {
  it('is stable while nothing changes, and moves with any watched column of any watched row', async () => {
    const before = await rowFingerprint(t.db, skip);
    expect(await rowFingerprint(t.db, skip)).toBe(before);
    await t.db
      .updateTable('sysProject')
      .set({ projectIntroduce: 'changed' })
      .where('projectId', '=', projectB)
      .execute();
    const afterUpdate = await rowFingerprint(t.db, skip);
    expect(afterUpdate).not.toBe(before);
    await t.db
      .updateTable('sysProject')
      .set({ projectIntroduce: null })
      .where('projectId', '=', projectB)
      .execute();
    await t.db.deleteFrom('sysUserProject').where('projectId', '=', projectB).execute();
    expect(await rowFingerprint(t.db, skip)).not.toBe(afterUpdate);
  });

  it('ignores the skipped tables and the rows its condition leaves out', async () => {
    const before = await rowFingerprint(t.db, skip, onlyA);
    await t.db
      .updateTable('sysProject')
      .set({ projectIntroduce: 'B only' })
      .where('projectId', '=', projectB)
      .execute();
    await t.db.deleteFrom('sysSession').execute();
    expect(await rowFingerprint(t.db, skip, onlyA)).toBe(before);
    await t.db
      .updateTable('sysProject')
      .set({ projectIntroduce: 'A too' })
      .where('projectId', '=', projectA)
      .execute();
    expect(await rowFingerprint(t.db, skip, onlyA)).not.toBe(before);
  });
});
