import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';

/** GET and DELETE /system/user-config/{ids}: the caller's own row only (the original checks no owner). */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let me: Person;
let other: Person;
const configOf = (userId: number) =>
  t.db.selectFrom('sysUserConfig').selectAll().where('userId', '=', userId).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  me = await t.signedIn();
  other = await t.signedIn();
  const teamId = await insertTestTeam(t.db, { [me.userId]: [12], [other.userId]: [12] });
  for (const person of [me, other])
    await api(person, 'PUT', '/system/user-config', { currentTeamId: teamId });
});
afterAll(async () => t.close());

describe('/system/user-config/{id}', () => {
  it('reads the own row by its id, and not another person’s', async () => {
    const mine = await configOf(me.userId);
    const res = await api(me, 'GET', `/system/user-config/${mine?.userConfigId}`);
    expect(res.data).toMatchObject({
      userConfigId: mine?.userConfigId,
      userId: me.userId,
      currentTeamId: mine?.currentTeamId,
    });
    const theirs = await configOf(other.userId);
    const refused = await api(me, 'GET', `/system/user-config/${theirs?.userConfigId}`);
    expect(refused).toEqual({
      code: 500,
      msg: `You have no user configuration with ID ${theirs?.userConfigId}`,
    });
  });

  it('deletes the own row only; a list naming another’s deletes nothing', async () => {
    const mine = await configOf(me.userId);
    const theirs = await configOf(other.userId);
    const mixed = await api(
      me,
      'DELETE',
      `/system/user-config/${mine?.userConfigId},${theirs?.userConfigId}`,
    );
    expect(mixed.code).toBe(500);
    expect(await configOf(me.userId)).toBeDefined();
    expect(await configOf(other.userId)).toBeDefined();
    expect((await api(me, 'DELETE', `/system/user-config/${mine?.userConfigId}`)).code).toBe(200);
    expect(await configOf(me.userId)).toBeUndefined();
    // The session still works, without a current team; switching creates the row again.
    const info = await api(me, 'GET', '/getInfo');
    expect(info.code).toBe(200);
    expect(info.config.currentTeamId ?? 0).toBe(0);
  });
});
