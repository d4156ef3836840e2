import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';
import { ROOT_DEPT } from '../../db/seed/org.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let member: Person;
let rnd: number;
let web: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  member = await t.signedIn();
  rnd = (
    await api(admin, 'POST', '/system/dept', { deptName: 'R&D', parentId: ROOT_DEPT.deptId, orderNum: 1 })
  ).data.deptId;
  web = (await api(admin, 'POST', '/system/dept', { deptName: 'Web', parentId: rnd, orderNum: 1 })).data
    .deptId;
});
afterAll(async () => t.close());

const TEMPLATE_HEADER = [
  '登录名称 *',
  '用户名称 *',
  '部门',
  '用户邮箱',
  '手机号码 *',
  '用户性别',
  '帐号状态',
];

async function sheet(rows: string[][], header = TEMPLATE_HEADER) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户数据');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = async (bytes: Buffer, updateSupport = false, who: Person = admin) =>
  (
    await t.call({
      method: 'POST',
      url: `/system/user/importData?updateSupport=${updateSupport}`,
      token: who.token,
      lang: 'en_US',
      ...multipart('file', 'users.xlsx', bytes),
    })
  ).body;
const download = async (url: string, who: Person, form = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${who.token}`,
      language: 'en_US',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: form,
  });
  expect(res.headers['content-type'], res.body.slice(0, 200)).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
};
const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sysUser')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const byName = (userName: string) =>
  t.db.selectFrom('sysUser').selectAll().where('userName', '=', userName).executeTakeFirst();
const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

describe('user import', () => {
  it('writes nothing while one row is bad, naming each bad row and column', async () => {
    const before = await userCount();
    const rows = Array.from({ length: 50 }, (_, i) => [
      `bulk${i}`,
      `Bulk ${i}`,
      'R&D/Web',
      `bulk${i}@x.io`,
      `1350000${String(i).padStart(4, '0')}`,
      '女',
      '正常',
    ]);
    (rows[10] as string[])[4] = 'not a phone';
    (rows[20] as string[])[2] = 'Nowhere/Team';
    (rows[30] as string[])[1] = '';
    (rows[40] as string[])[0] = 'bulk1';
    const refused = await upload(await sheet(rows));
    expect(refused.code).toBe(500);
    expect(refused.msg).toBe(
      [
        'Nothing was imported: 4 row(s) have errors.',
        'Row 12: Phone "not a phone" is not valid',
        'Row 22: Department "Nowhere/Team" is not valid',
        'Row 32: Name cannot be empty',
        'Row 42: Account "bulk1" repeats row 3',
      ].join('\n'),
    );
    expect(refused.data.rows.map((r: { rowNum: number }) => r.rowNum)).toEqual([12, 22, 32, 42]);
    expect(await userCount()).toBe(before);

    (rows[10] as string[])[4] = '13500009999';
    (rows[20] as string[])[2] = String(rnd);
    (rows[30] as string[])[1] = 'Bulk 30';
    (rows[40] as string[])[0] = 'bulk40';
    const done = await upload(await sheet(rows));
    expect(done).toMatchObject({
      code: 200,
      msg: 'Import succeeded; members added: 50, updated: 0',
      data: { added: 50 },
    });
    expect(await userCount()).toBe(before + 50);
    expect(await byName('bulk3')).toMatchObject({
      nickName: 'Bulk 3',
      deptId: web,
      sex: '1',
      status: '0',
      email: 'bulk3@x.io',
    });
    expect((await byName('bulk20'))?.deptId).toBe(rnd);
    // New people sign in with the configured initial password and hold the default role.
    expect(await t.login('bulk3', '123456')).toBeTruthy();
    const bulk3 = (await byName('bulk3'))?.userId as number;
    const roles = await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', bulk3).execute();
    expect(roles.map((r) => r.roleId)).toEqual([10]);
  });

  it('refuses existing accounts unless told to update them, then updates them', async () => {
    const taken = await byName('bulk3');
    const row = ['bulk3', 'Renamed', '', '', taken?.phoneNumber ?? '', 'Male', 'Disabled'];
    const refused = await upload(await sheet([row]));
    expect(refused.msg).toContain(
      'Row 2: the account "bulk3" already exists; select "Update existing users" to update it',
    );
    const updated = await upload(await sheet([row]), true);
    expect(updated).toMatchObject({ code: 200, data: { added: 0, updated: 1 } });
    // Empty cells leave the department and the e-mail's owner check alone; the status applies.
    expect(await byName('bulk3')).toMatchObject({ nickName: 'Renamed', deptId: web, sex: '0', status: '1' });
  });

  it("refuses a phone or e-mail another person uses, the administrator's account, and hidden accounts", async () => {
    const other = await byName('bulk4');
    const res = await upload(
      await sheet([
        ['fresh1', 'Fresh', '', 'bulk5@x.io', other?.phoneNumber ?? '', '', ''],
        ['admin', 'Admin', '', '', '13311112222', '', ''],
      ]),
      true,
    );
    expect(res.msg).toContain(`Row 2: Phone "${other?.phoneNumber}" is already used by another member`);
    expect(res.msg).toContain('Row 2: Email "bulk5@x.io" is already used by another member');
    expect(await byName('fresh1')).toBeUndefined();
    // The super administrator changes itself through the import, nobody else does.
    const importMenu = await t.db
      .selectFrom('sysMenu')
      .select('menuId')
      .where('perms', '=', 'system:user:import')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('sysRoleMenu').values({ roleId: 2, menuId: importMenu.menuId }).execute();
    const importer = await t.signedIn([2]);
    const byOther = await upload(
      await sheet([['admin', 'Admin', '', '', '13311112222', '', '']]),
      true,
      importer,
    );
    expect(byOther.msg).toContain('Row 2: the super administrator cannot be changed');
    // The hidden users that stand for API keys are no people to update.
    await t.db.updateTable('sysUser').set({ userType: '03' }).where('userName', '=', 'bulk6').execute();
    const key = await upload(await sheet([['bulk6', 'Key', '', '', '13311113333', '', '']]), true);
    expect(key.msg).toContain('Row 2: the account "bulk6" already exists');
    expect((await byName('bulk6'))?.nickName).toBe('Bulk 6');
  });

  it('reads the English headers of templates before the wording review as well as today’s', async () => {
    const header = (email: string, sex: string) => [
      'Account *',
      'Name *',
      'Department',
      email,
      'Phone *',
      sex,
    ];
    for (const [columns, userName, phone] of [
      [header('E-mail', 'Sex'), 'headed-old', '13344440001'],
      [header('Email', 'Gender'), 'headed-new', '13344440002'],
    ] as const) {
      const row = [userName, 'Headed', '', `${userName}@x.io`, phone, 'Female'];
      expect(await upload(await sheet([row], [...columns])), userName).toMatchObject({
        code: 200,
        data: { added: 1 },
      });
      expect(await byName(userName), userName).toMatchObject({ email: `${userName}@x.io`, sex: '1' });
    }
  });

  it('refuses what is not a user sheet, and callers without system:user:import', async () => {
    expect((await upload(Buffer.from('not a workbook'))).msg).toBe(
      'The file is not an Excel workbook (.xlsx)',
    );
    expect((await upload(await sheet([['x']], ['Foo', 'Bar']))).msg).toBe(
      'The sheet has no column Account、Name、Phone; start from the import template',
    );
    expect((await upload(await sheet([]))).msg).toBe('The sheet has no rows to import');
    const before = await userCount();
    expect(
      (await upload(await sheet([['m1', 'M', '', '', '13322223333', '', '']]), false, member)).code,
    ).toBe(403);
    expect(await userCount()).toBe(before);
  });
});

describe('user template and export', () => {
  it('gives a template with the department paths, sexes and statuses as drop-downs', async () => {
    const wb = await download('/system/user/importTemplate', member);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(values(ws.getRow(1))).toEqual([
      'Account *',
      'Name *',
      'Department',
      'Email',
      'Phone *',
      'Gender',
      'Status',
    ]);
    const lists = wb.worksheets[1] as ExcelJS.Worksheet;
    const listed = lists.getColumn(1).values.slice(1);
    expect(listed).toEqual([
      ROOT_DEPT.deptName,
      `${ROOT_DEPT.deptName}/R&D`,
      `${ROOT_DEPT.deptName}/R&D/Web`,
    ]);
    expect(lists.getColumn(2).values.slice(1)).toEqual(['Male', 'Female', 'Unknown']);
  });

  it('exports the filtered list, department subtree included, and reads back as an update', async () => {
    const wb = await download('/system/user/export', admin, `deptId=${rnd}&userName=bulk1`);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(values(ws.getRow(1))).toEqual([
      'ID',
      'Account *',
      'Name *',
      'Department',
      'Email',
      'Phone *',
      'Gender',
      'Status',
      'Last login address',
      'Last login',
      'Created',
    ]);
    const accounts = Array.from(
      { length: ws.actualRowCount - 1 },
      (_, i) => ws.getRow(i + 2).getCell(2).value,
    );
    expect(accounts.sort()).toEqual(['bulk1', ...Array.from({ length: 10 }, (_, i) => `bulk1${i}`)].sort());
    const row = values(ws.getRow(2));
    expect(row.slice(1, 8)).toEqual([
      'bulk1',
      'Bulk 1',
      `${ROOT_DEPT.deptName}/R&D/Web`,
      'bulk1@x.io',
      '13500000001',
      'Female',
      'Normal',
    ]);

    const again = await upload(Buffer.from(await wb.xlsx.writeBuffer()), true);
    expect(again).toMatchObject({ code: 200, data: { added: 0, updated: 11 } });
    expect((await api(member, 'POST', '/system/user/export')).code).toBe(403);
  });
});
