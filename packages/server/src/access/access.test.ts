import { SUPER_ADMIN_ROLE } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUserContext, listEffectiveRoles } from './access.repository.ts';
import { loadAccess } from './access.service.ts';

/*
 * Whose roles count where, read directly on a real database: platform roles count by default and
 * not inside a named team or project, where nobody takes the super administrator's; the super
 * administrator is one everywhere.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('effective roles', () => {
  it('count the platform roles unless told not to, and never another person’s', async () => {
    const person = await t.signedIn();
    const team = await insertTestTeam(t.db, { [person.userId]: [4] });
    const project = await insertTestProject(t.db, team, { [person.userId]: [6] });
    const byDefault = await listEffectiveRoles(t.db, person.userId, team, project);
    expect(byDefault.some((r) => Number(r.isPlatform) === 1)).toBe(true);
    const inside = await listEffectiveRoles(t.db, person.userId, team, project, false);
    expect(inside.map((r) => r.roleId).sort()).toEqual([4, 6]);
    expect(inside.some((r) => r.roleKey === 'admin')).toBe(false);
    // The same through the access a request is given.
    const context = { userConfigId: null, currentTeamId: team, currentProjectId: project, lifeContent: null };
    const access = await loadAccess(t.db, person.userId, context);
    expect(access.roles.some((r) => Number(r.isPlatform) === 1)).toBe(true);
  });

  it('read a person without saved settings as no current team or project', async () => {
    const person = await t.signedIn();
    await t.db.deleteFrom('sysUserConfig').where('userId', '=', person.userId).execute();
    expect(await findUserContext(t.db, person.userId)).toEqual({
      userConfigId: null,
      currentTeamId: null,
      currentProjectId: null,
      lifeContent: null,
    });
  });

  it('make the super administrator one inside a team or project too', async () => {
    const context = { userConfigId: null, currentTeamId: 999, currentProjectId: 999, lifeContent: null };
    const access = await loadAccess(t.db, 1, context, false);
    expect(access.roleKeys.has(SUPER_ADMIN_ROLE)).toBe(true);
    expect(access.isSuperAdmin).toBe(true);
  });
});
