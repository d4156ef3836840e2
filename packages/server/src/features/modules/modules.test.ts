import { MODULE_NAME_MAX } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let outsider: Person;
let projectId: number;
let otherProject: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const team = await insertTestTeam(t.db, { [lead.userId]: [5], [dev.userId]: [5], [outsider.userId]: [5] });
  projectId = await insertTestProject(t.db, team, { [lead.userId]: [11], [dev.userId]: [7] });
  otherProject = await insertTestProject(t.db, team, { [outsider.userId]: [11] });
});
afterAll(async () => t.close());

const create = async (names: string[], modulePid = 0, who = lead, project = projectId) =>
  api(who, 'POST', '/system/module', { projectId: project, modulePid, batchModuleNames: names });
const list = async (query: Record<string, string> = {}) =>
  (await api(lead, 'GET', '/system/module/list', undefined, { projectId: String(projectId), ...query }))
    .data as Json[];
const byName = async (name: string) => (await list()).find((m) => m.moduleName === name) as Json;
const moduleCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sysModule')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating deliverables', () => {
  it('creates a batch under a parent, one per line, and answers their paths', async () => {
    const root = await create(['Shop']);
    expect(root).toMatchObject({
      code: 200,
      data: [{ moduleName: 'Shop', modulePath: 'Shop', modulePid: 0 }],
    });
    const shop = root.data[0].moduleId;
    const batch = await create(['Cart', '', '  Checkout  ', '支付'], shop);
    expect(batch.data.map((m: Json) => m.modulePath)).toEqual(['Shop/Cart', 'Shop/Checkout', 'Shop/支付']);
    expect(await byName('Shop')).toMatchObject({ childrenCount: 3, defectCount: 0 });
    expect((await list({ modulePid: String(shop) })).map((m) => m.moduleName)).toEqual([
      'Cart',
      'Checkout',
      '支付',
    ]);
  });

  it('checks every line first, names each bad one, and creates nothing', async () => {
    const before = await moduleCount();
    const long = 'x'.repeat(MODULE_NAME_MAX + 1);
    const res = await create(['Fine', long, 'a/b', 'Fine']);
    expect(res.code).toBe(500);
    expect(res.msg).toBe(
      `Deliverable names: line 2: a name can have at most ${MODULE_NAME_MAX} characters; line 3: a name cannot contain '/'; line 4: the name is already in the list`,
    );
    expect(res.lines).toEqual([
      { line: 2, problem: 'too-long' },
      { line: 3, problem: 'slash' },
      { line: 4, problem: 'repeated' },
    ]);
    // Exactly at the limit is fine (counted in characters, not bytes).
    expect((await create(['汉'.repeat(MODULE_NAME_MAX)])).code).toBe(200);
    expect(await moduleCount()).toBe(before + 1);
    expect((await create(['', '  '])).msg).toBe('Deliverable names: line 1: the name cannot be empty');
    const zh = await t.call({
      method: 'POST',
      url: '/system/module',
      token: lead.token,
      payload: { projectId, batchModuleNames: [long] },
    });
    expect(zh.body.msg).toBe(`交付物名称有误：第1行：名称最多${MODULE_NAME_MAX}个字符`);
  });

  it('refuses a name already taken at that level, a parent from elsewhere, and non-members', async () => {
    expect((await create(['Shop'])).msg).toBe('A deliverable named "Shop" already exists at this level');
    const foreign = (await create(['Theirs'], 0, outsider, otherProject)).data[0].moduleId;
    expect((await create(['X'], foreign)).msg).toBe('The parent deliverable does not exist in this project');
    expect((await create(['X'], 0, outsider)).code).toBe(403);
    expect(
      (await api(outsider, 'GET', '/system/module/list', undefined, { projectId: String(projectId) })).code,
    ).toBe(403);
    // A developer (role 7) may read the tree for the defect form but not change it.
    expect(
      (await api(dev, 'GET', '/system/module/list', undefined, { projectId: String(projectId) })).code,
    ).toBe(200);
    expect((await create(['Dev made'], 0, dev)).code).toBe(403);
  });
});

describe('renaming and moving', () => {
  it('renames and moves, but never under itself or its own descendant', async () => {
    const shop = await byName('Shop');
    const cart = await byName('Cart');
    const [deep] = (await create(['Deep'], cart.moduleId)).data;
    const put = (body: Json) => api(lead, 'PUT', '/system/module', body);
    expect((await put({ moduleId: shop.moduleId, modulePid: shop.moduleId })).msg).toBe(
      'A deliverable cannot be moved under itself or one of its sub-deliverables',
    );
    expect((await put({ moduleId: shop.moduleId, modulePid: deep.moduleId })).code).toBe(500);
    expect((await put({ moduleId: cart.moduleId, moduleName: 'Checkout' })).msg).toBe(
      'A deliverable named "Checkout" already exists at this level',
    );
    expect((await put({ moduleId: deep.moduleId, modulePid: 0, moduleName: 'Basket' })).code).toBe(200);
    expect(await byName('Basket')).toMatchObject({ modulePid: 0, modulePath: 'Basket' });
    expect((await put({ moduleId: deep.moduleId, moduleName: 'x'.repeat(MODULE_NAME_MAX + 1) })).code).toBe(
      500,
    );
  });
});

describe('deleting', () => {
  it('refuses a node with sub-deliverables or defects, saying what would happen, until confirmed', async () => {
    const [app] = (await create(['App'])).data;
    const [login, pay] = (await create(['Login', 'Pay'], app.moduleId)).data;
    const defect = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Cannot pay',
      defectDescribe: 'Pay fails',
      defectLevel: 'middle',
      handleBy: [dev.userId],
      moduleId: pay.moduleId,
    });
    expect(defect).toMatchObject({ code: 200, data: { moduleId: pay.moduleId, moduleName: 'Pay' } });
    expect(await byName('Pay')).toMatchObject({ defectCount: 1 });

    // A leaf without defects goes at once.
    expect(await api(lead, 'DELETE', `/system/module/${login.moduleId}`)).toMatchObject({
      code: 200,
      data: { removed: 1 },
    });
    const refused = await api(lead, 'DELETE', `/system/module/${app.moduleId}`);
    expect(refused).toMatchObject({
      code: 500,
      msg: '"App" has 1 sub-deliverable(s), 1 linked defect(s) and 0 test case(s); confirm to delete the sub-deliverables and the test cases too and unlink the defects',
      needsConfirm: true,
      impact: { modules: 2, descendants: 1, defects: 1, cases: 0 },
    });
    expect(await byName('Pay')).toBeDefined();
    const done = await api(lead, 'DELETE', `/system/module/${app.moduleId}`, undefined, { confirm: 'true' });
    expect(done).toMatchObject({ code: 200, data: { removed: 2 } });
    expect(await byName('Pay')).toBeUndefined();
    const after = await api(lead, 'GET', `/system/defect/${defect.data.defectId}`);
    expect(after.data).toMatchObject({ moduleId: null, moduleName: null });
  });

  it('refuses another project’s node and a defect linked to one', async () => {
    const [theirs] = (await create(['Elsewhere'], 0, outsider, otherProject)).data;
    expect((await api(lead, 'DELETE', `/system/module/${theirs.moduleId}`)).code).toBe(403);
    const mine = await byName('Shop');
    // A list with one foreign id is refused whole, as a single foreign id is; nothing is deleted.
    expect((await api(lead, 'DELETE', `/system/module/${mine.moduleId},${theirs.moduleId}`)).code).toBe(403);
    expect((await byName('Shop')).moduleId).toBe(mine.moduleId);
    const linked = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'TASK',
      defectName: 'Wrong link',
      defectDescribe: 'x',
      defectLevel: 'low',
      handleBy: [dev.userId],
      moduleId: theirs.moduleId,
    });
    expect(linked.msg).toBe('The deliverable does not exist in this project');
  });
});

describe("1.0's tree and path list", () => {
  it('answers the whole tree with paths and children, and every path sorted, for members only', async () => {
    const [root] = (await create(['Tree root'])).data as Json[];
    await create(['Leaf B', 'Leaf A'], root?.moduleId);
    const tree = (await api(dev, 'GET', '/system/module/tree', undefined, { projectId: String(projectId) }))
      .data as Json[];
    const node = tree.find((n) => n.moduleName === 'Tree root');
    expect(node).toMatchObject({ modulePid: 0, modulePath: 'Tree root' });
    expect(node?.children.map((c: Json) => [c.moduleName, c.modulePath, c.children])).toEqual(
      expect.arrayContaining([
        ['Leaf A', 'Tree root/Leaf A', []],
        ['Leaf B', 'Tree root/Leaf B', []],
      ]),
    );
    const paths = (
      await api(dev, 'GET', '/system/module/path-list', undefined, { projectId: String(projectId) })
    ).data as Json[];
    const mine = paths.map((p) => p.modulePath).filter((p) => p.startsWith('Tree root'));
    expect(mine).toEqual(['Tree root', 'Tree root/Leaf A', 'Tree root/Leaf B']);
    const all = paths.map((p) => p.modulePath);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(
      (await api(outsider, 'GET', '/system/module/tree', undefined, { projectId: String(projectId) })).code,
    ).toBe(403);
  });
});
