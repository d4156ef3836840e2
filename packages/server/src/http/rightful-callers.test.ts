import { describe, expect, it } from 'vitest';
import { hint, requestOf, scene, setUpMatrixScene, t, who } from '../../test/matrix-scene.ts';
import { CANNOT_SUCCEED, SUPER_ADMIN_ONLY, setUpRightfulRows, uploadOf } from '../../test/rightful-inputs.ts';
import type { Hint } from '../../test/route-samples.ts';
import type { Json, Person } from '../../test/test-app.ts';
import { listEffectiveRoles, listPermissions } from '../access/access.repository.ts';
import { guardPasses } from './permission.ts';
import type { RouteEntry } from './route.ts';

/*
 * The other half of the authorisation matrix: every route, called with the request the matrix
 * builds for it, succeeds for the one who may call it (team A's owner; the super administrator for
 * the back office; team A's API key on the Open API). So an outsider's refusal of that same
 * request in the matrix is a refusal by the access rule, not by a check of the input: a route whose
 * rule were dropped would answer the outsider as it answers here. Rows the scene lacks and inputs
 * the schema's sample cannot guess come from test/rightful-inputs.ts; routes that cannot succeed
 * from a generated request say why there.
 */

setUpMatrixScene();

const label = (route: RouteEntry) => `${route.method} ${route.url}`;

/**
 * Reads first, then writes, then deletes, the project and then the team last: each call finds the
 * scene whole.
 */
function callOrder(route: RouteEntry): number {
  if (route.method === 'GET') return 0;
  if (route.method !== 'DELETE') return 1;
  if (route.url === '/system/project/:projectId') return 4;
  if (route.url === '/system/team/:teamIds') return 5;
  // A plan's item goes with its case: before the case.
  if (route.url.startsWith('/system/PlanItem/')) return 1.5;
  // What the rest of the deletes still need: the API key, the defect, the deliverable, the plan.
  return /^\/system\/(api|defect|module|plan)\/:/.test(route.url) ? 3 : 2;
}

describe('the rightful caller of every route', () => {
  it('succeeds with the request the matrix sends, so a refusal there is the access rule’s', {
    timeout: 120_000,
  }, async () => {
    const owner = who.owner as Person;
    const admin: Person = {
      userId: 1,
      userName: 'admin',
      password: 'cat2bug',
      token: await t.login('admin', 'cat2bug'),
    };
    // What the owner holds in team A and project A: a route whose guard this passes is theirs to
    // call, and a refusal of it (403) is a failure; the rest is the super administrator's.
    const held = await listEffectiveRoles(t.db, owner.userId, scene.teamA, scene.projectA);
    const perms = new Set(
      await listPermissions(
        t.db,
        held.map((r) => r.roleId),
      ),
    );
    const roles = new Set(held.map((r) => r.roleKey));
    const isOwners = (route: RouteEntry) =>
      !(label(route) in SUPER_ADMIN_ONLY) &&
      (route.guard.kind === 'apiKey' || guardPasses(route.guard, perms, roles));
    const rows = await setUpRightfulRows(admin);
    const answers = new Map<string, Json>();
    // The back office acts on a spare account, not on the owner whose session the test runs on.
    const spare = who.noPermission as Person;
    const people: Record<string, unknown> = {
      userId: spare.userId,
      userIds: [spare.userId],
      userName: spare.userName,
    };

    const routes = t.app.routeTable.routes
      .filter((r) => r.url !== '/logout')
      .sort((a, b) => callOrder(a) - callOrder(b));
    const failures: string[] = [];
    const byAdmin: string[] = [];
    for (const route of routes) {
      const given = rows.perRoute[label(route)] ?? {};
      const extra = typeof given === 'function' ? await given((l) => answers.get(l)) : given;
      const withInputs = (caller: Person): Hint => {
        const base = hint(caller);
        return (k) =>
          k in extra
            ? extra[k]
            : caller === admin && k in people
              ? people[k]
              : k in rows.everywhere
                ? rows.everywhere[k]
                : base(k);
      };
      const send = async (caller: Person) => {
        const request = requestOf(route, caller, withInputs(caller));
        const upload = route.upload ? await uploadOf(label(route), route.upload.fields[0]) : undefined;
        return t.call({
          ...request,
          ...('$body' in extra ? { payload: extra.$body as Json } : {}),
          ...(upload ?? {}),
          ...(route.guard.kind === 'apiKey'
            ? { headers: { ...upload?.headers, 'CAT2BUG-API-KEY': rows.keyA } }
            : { token: caller.token }),
          lang: 'en_US',
        });
      };
      if (!isOwners(route)) byAdmin.push(label(route));
      const res = await send(isOwners(route) ? owner : admin);
      answers.set(label(route), res.body);
      const text = JSON.stringify(res.body);
      const isSuccess = res.status === 200 && (res.body.code === 200 || res.body.code === undefined);
      if (res.status >= 500 || /internal error/i.test(text))
        failures.push(`${label(route)}: server error ${text.slice(0, 160)}`);
      else if (!isSuccess && !(label(route) in CANNOT_SUCCEED))
        failures.push(`${label(route)}: answered ${res.body.code} ${text.slice(0, 200)}`);
      else if (isSuccess && label(route) in CANNOT_SUCCEED)
        failures.push(`${label(route)}: succeeds now; take it off CANNOT_SUCCEED`);
    }
    await rows.close();
    console.info(
      `rightful callers: ${routes.length} routes, ${byAdmin.length} of the back office by the super administrator, ` +
        `${Object.keys(CANNOT_SUCCEED).length} that a generated request cannot make succeed`,
    );
    expect(failures).toEqual([]);
  });
});
