import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgres, type Json, type TestApp } from '../../../test/test-app.ts';
import { createGadgetTable } from './test-tables.ts';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  member = (await t.signedIn()).token;
  await createGadgetTable(t.db);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Calls in English as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: Method, url: string, o: { payload?: Json; token?: string } = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const raw = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const dbTableNames = async (query = '') =>
  ((await api('GET', `/tool/gen/db/list?pageSize=1000${query}`)).rows as Json[]).map(
    (r) => r.tableName as string,
  );
const genRow = (tableName: string) =>
  t.db.selectFrom('genTable').selectAll().where('tableName', '=', tableName).executeTakeFirstOrThrow();
const detailOf = async (tableId: number) => (await api('GET', `/tool/gen/${tableId}`)).data;
const columnOf = (detail: Json, name: string) =>
  (detail.rows as Json[]).find((c) => c.columnName === name) as Json;

describe('the database tables', () => {
  it("lists the product's own tables, not the generator's or the internal ones", async () => {
    const names = await dbTableNames();
    expect(names).toEqual(expect.arrayContaining(['biz_gadget', 'sys_config', 'sys_notice', 'sys_user']));
    for (const internal of ['gen_table', 'gen_table_column', 'sys_kv', 'sys_session', 'buglet_migration'])
      expect(names).not.toContain(internal);
    // The full-text index and its shadow tables (SQLite) are not tables of data.
    expect(names.filter((n) => n.startsWith('sys_defect_search'))).toEqual([]);
    expect(await dbTableNames('&tableName=GADG')).toEqual(['biz_gadget']);
    const page = await api('GET', '/tool/gen/db/list?pageNum=2&pageSize=5');
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBe(names.length);
    expect(page.rows[0]).toEqual({
      tableName: names[5],
      tableComment: null,
      createTime: null,
      updateTime: null,
    });
  });
});

describe('importing', () => {
  it('imports tables with their columns and the original rules for each column', async () => {
    expect(await api('POST', '/tool/gen/importTable?tables=biz_gadget,sys_notice')).toMatchObject({
      code: 200,
    });
    const table = await genRow('biz_gadget');
    expect(table).toMatchObject({
      tableComment: 'biz_gadget',
      className: 'BizGadget',
      businessName: 'bizGadget',
      moduleName: 'system',
      tplCategory: 'crud',
      functionAuthor: 'admin',
      createBy: 'admin',
    });
    expect((await genRow('sys_notice')).className).toBe('Notice');
    const detail = await detailOf(table.tableId);
    expect(columnOf(detail, 'gadget_id')).toMatchObject({
      isPk: '1',
      isIncrement: '1',
      isInsert: '0',
      isEdit: '0',
      tsType: 'number',
      javaField: 'gadgetId',
    });
    expect(columnOf(detail, 'gadget_name')).toMatchObject({
      isRequired: '1',
      queryType: 'LIKE',
      htmlType: 'input',
      tsType: 'string',
      javaType: 'String',
      columnType: 'varchar(64)',
    });
    expect(columnOf(detail, 'status')).toMatchObject({ htmlType: 'radio', isRequired: '0' });
    expect(columnOf(detail, 'gadget_type')).toMatchObject({ htmlType: 'select' });
    expect(columnOf(detail, 'price')).toMatchObject({ tsType: 'number', javaType: 'BigDecimal' });
    expect(columnOf(detail, 'weight')).toMatchObject({
      tsType: 'number',
      javaType: 'Integer',
      isRequired: '1',
    });
    // A boolean on PostgreSQL; SQLite keeps a flag as the integers 0 and 1.
    expect(columnOf(detail, 'is_active')).toMatchObject(
      isPostgres()
        ? { tsType: 'boolean', javaType: 'Boolean', isQuery: '0' }
        : { tsType: 'number', javaType: 'Integer', columnType: 'integer' },
    );
    expect(columnOf(detail, 'delivery_date')).toMatchObject({ htmlType: 'datetime' });
    expect(columnOf(detail, 'remark')).toMatchObject({ htmlType: 'textarea', isQuery: '0' });
    expect(columnOf(detail, 'create_time')).toMatchObject({ isInsert: '0', isEdit: '0', isList: '1' });
    expect(columnOf(detail, 'update_by')).toMatchObject({ isList: '0', isQuery: '0' });
    expect((detail.rows as Json[]).map((c) => c.sort)).toEqual([...Array(14).keys()].map((i) => i + 1));
    // Imported tables leave the database list.
    expect(await dbTableNames()).not.toContain('biz_gadget');
  });

  it('refuses a table imported already, one the database lacks, a malformed name and none at all', async () => {
    expect(await api('POST', '/tool/gen/importTable?tables=biz_gadget')).toEqual({
      code: 500,
      msg: 'Table biz_gadget is already imported',
    });
    expect(await api('POST', '/tool/gen/importTable?tables=sys_config,no_such_table')).toEqual({
      code: 500,
      msg: 'The database has no table no_such_table',
    });
    // All or nothing: sys_config was named with the missing one and is not imported.
    expect(await dbTableNames()).toContain('sys_config');
    expect((await api('POST', "/tool/gen/importTable?tables=x';drop")).msg).toBe(
      'A table name can contain only letters, digits and underscores',
    );
    expect((await api('POST', '/tool/gen/importTable?tables=gen_table')).msg).toBe(
      'The database has no table gen_table',
    );
    expect((await api('POST', '/tool/gen/importTable')).code).toBe(500);
    expect((await api('POST', '/tool/gen/importTable?tables=,')).msg).toBe('Choose the tables (tables=a,b)');
  });
});

describe('reading imported tables', () => {
  it('lists them with filters, and answers one with its columns and every table', async () => {
    const list = await api('GET', '/tool/gen/list?tableName=gadget');
    expect(list).toMatchObject({
      code: 200,
      total: 1,
      rows: [{ tableName: 'biz_gadget', parentMenuId: null }],
    });
    expect(list.rows[0].columns).toBeUndefined();
    expect((await api('GET', '/tool/gen/list?tableComment=sys_notice')).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await api('GET', `/tool/gen/list?params[beginTime]=2000-01-01&params[endTime]=${today}`)).total,
    ).toBe(2);
    expect((await api('GET', '/tool/gen/list?params[endTime]=2000-01-01')).total).toBe(0);

    const { tableId } = await genRow('biz_gadget');
    const detail = await api('GET', `/tool/gen/${tableId}`);
    expect(detail.data.info).toMatchObject({ tableId, tableName: 'biz_gadget' });
    expect(detail.data.info.columns).toHaveLength(14);
    expect(detail.data.rows).toHaveLength(14);
    expect((detail.data.tables as Json[]).map((x) => x.tableName).sort()).toEqual([
      'biz_gadget',
      'sys_notice',
    ]);
    const columns = await api('GET', `/tool/gen/column/${tableId}`);
    expect(columns).toMatchObject({ code: 200, total: 14 });
    expect(columns.rows[1]).toMatchObject({ columnName: 'gadget_name', tableId });
  });

  it('answers digits only by id, and a clear message for an unknown one', async () => {
    expect(await api('GET', '/tool/gen/99999')).toEqual({
      code: 500,
      msg: 'The imported table 99999 does not exist',
    });
    expect((await api('GET', '/tool/gen/abc')).msg).toMatch(/tableId/);
    expect((await api('GET', '/tool/gen/column/abc')).msg).toMatch(/tableId/);
    expect(await api('GET', '/tool/gen/column/99999')).toMatchObject({ code: 200, total: 0, rows: [] });
  });
});

describe('editing', () => {
  it("saves the table's settings and its columns' roles, in the original client's shape", async () => {
    const { tableId } = await genRow('biz_gadget');
    const detail = await detailOf(tableId);
    const columns = (detail.rows as Json[]).map((c) => {
      if (c.columnName === 'gadget_type') return { ...c, dictType: 'sys_yes_no', isQuery: '1' };
      if (c.columnName === 'delivery_date') return { ...c, isQuery: '1', queryType: 'BETWEEN' };
      // The original's client sends only the Java type: the TS type follows it.
      if (c.columnName === 'weight') return { ...c, javaType: 'String', columnComment: '重量' };
      return c;
    });
    const body = {
      ...detail.info,
      functionName: '小工具',
      tableComment: '小工具表',
      businessName: 'gadget',
      className: 'Gadget',
      params: { parentMenuId: 3 },
      columns,
    };
    expect(await api('PUT', '/tool/gen', { payload: body })).toMatchObject({ code: 200 });
    const after = await detailOf(tableId);
    expect(after.info).toMatchObject({
      functionName: '小工具',
      businessName: 'gadget',
      className: 'Gadget',
      parentMenuId: 3,
      updateBy: 'admin',
    });
    expect(JSON.parse(after.info.options)).toEqual({ parentMenuId: 3 });
    expect(columnOf(after, 'gadget_type')).toMatchObject({ dictType: 'sys_yes_no', isQuery: '1' });
    expect(columnOf(after, 'delivery_date')).toMatchObject({ queryType: 'BETWEEN' });
    expect(columnOf(after, 'weight')).toMatchObject({
      tsType: 'string',
      javaType: 'String',
      columnComment: '重量',
    });
    // Ours sends the TS type: the Java type follows it.
    const weight = { ...columnOf(after, 'weight'), tsType: 'number', javaType: undefined };
    expect(await api('PUT', '/tool/gen', { payload: { ...after.info, columns: [weight] } })).toMatchObject({
      code: 200,
    });
    expect(columnOf(await detailOf(tableId), 'weight')).toMatchObject({ tsType: 'number', javaType: 'Long' });
  });

  it('refuses what it cannot generate, naming the problem', async () => {
    const { tableId } = await genRow('biz_gadget');
    const { info, rows } = await detailOf(tableId);
    const put = async (change: Json, columns?: Json[]) =>
      (await api('PUT', '/tool/gen', { payload: { ...info, ...change, ...(columns ? { columns } : {}) } }))
        .msg;
    const withColumn = (name: string, change: Json) =>
      (rows as Json[]).map((c) => (c.columnName === name ? { ...c, ...change } : c));
    expect(await put({ tplCategory: 'tree' })).toBe(
      'Only the single-table (crud) template is generated; tree is not supported',
    );
    expect(await put({ className: 'Form' })).toBe(
      'The class name Form clashes with a name the generated code imports: choose another',
    );
    expect(await put({ className: 'gadget' })).toBe(
      'The class name must start with a capital letter and contain only letters and digits',
    );
    expect(await put({ businessName: 'index' })).toBe(
      'The business name index clashes with a file of the contracts package: choose another',
    );
    expect(await put({ businessName: 'my-gadget' })).toMatch(/business name must be a camelCase identifier/);
    expect(await put({ functionName: ' ' })).toBe('The function name cannot be empty');
    expect(await put({}, withColumn('gadget_type', { dictType: 'no_such_dict' }))).toBe(
      'The dictionary type no_such_dict (column gadget_type) does not exist',
    );
    expect(await put({}, withColumn('remark', { isQuery: '1', queryType: 'BETWEEN' }))).toBe(
      'Range search (BETWEEN) is for one text or date column only: remark',
    );
    expect(await put({}, withColumn('price', { isQuery: '1', queryType: 'BETWEEN' }))).toBe(
      'Range search (BETWEEN) is for one text or date column only: price',
    );
    expect(await put({}, withColumn('price', { htmlType: 'slider' }))).toMatch(/htmlType/);
    const other = (await detailOf((await genRow('sys_notice')).tableId)).rows[0];
    expect(await put({}, [other])).toBe(`Column ${other.columnId} does not belong to this table`);
    expect(await put({ tableId: 99999 })).toBe('The imported table 99999 does not exist');
    // Nothing of the refused saves was kept.
    expect((await detailOf(tableId)).info.className).toBe('Gadget');
  });
});

describe('generating', () => {
  it('previews the files of the table, keyed by their place in the repository', async () => {
    const { tableId } = await genRow('biz_gadget');
    const preview = await api('GET', `/tool/gen/preview/${tableId}`);
    expect(preview.code).toBe(200);
    const files = preview.data as Record<string, string>;
    expect(Object.keys(files)).toEqual([
      'gen-gadget.md',
      'packages/contracts/src/gadget.ts',
      'packages/server/src/features/gadget/gadget.repository.ts',
      'packages/server/src/features/gadget/gadget.routes.ts',
      'packages/server/src/features/gadget/gadget.menus.ts',
      'packages/web/src/features/gadget/gadget.api.ts',
      'packages/web/src/features/gadget/gadget-list-page.tsx',
      'packages/web/src/features/gadget/gadget-dialog.tsx',
      'packages/web/src/features/gadget/gadget.locale-keys.json',
    ]);
    const routes = files['packages/server/src/features/gadget/gadget.routes.ts'];
    expect(routes).toContain("r.get('/system/gadget/list', {");
    expect(routes).toContain("guard: perm('system:gadget:remove'),");
    const menus = files['packages/server/src/features/gadget/gadget.menus.ts'];
    // Under the chosen parent, with ids after the highest menu id.
    const maxMenu = await t.db
      .selectFrom('sysMenu')
      .select((eb) => eb.fn.max('menuId').as('n'))
      .executeTakeFirstOrThrow();
    expect(menus).toContain(`id: ${Number(maxMenu.n) + 1},\n    parent: 3,`);
    expect(menus).toContain("component: 'system/gadget/index',");
    const keys = JSON.parse(files['packages/web/src/features/gadget/gadget.locale-keys.json'] ?? '{}');
    expect(keys['gadget.weight']).toEqual(['重量', 'Weight']);
    expect(keys['gadget.menu']).toEqual(['小工具', 'Gadget']);
    expect(files['packages/server/src/features/gadget/gadget.repository.ts']).toContain(
      "if (f.beginTime) q = q.where('deliveryDate', '>=', f.beginTime);",
    );
  });

  it('downloads one table, and several, as a zip of the same files', async () => {
    const { tableId } = await genRow('biz_gadget');
    const preview = (await api('GET', `/tool/gen/preview/${tableId}`)).data as Record<string, string>;
    const one = await raw('/tool/gen/download/biz_gadget');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/zip');
    expect(one.headers['content-disposition']).toBe('attachment; filename="biz_gadget.zip"');
    const zip = await JSZip.loadAsync(one.rawPayload);
    expect(
      Object.keys(zip.files)
        .filter((n) => !zip.files[n]?.dir)
        .sort(),
    ).toEqual(Object.keys(preview).sort());
    const routesPath = 'packages/server/src/features/gadget/gadget.routes.ts';
    expect(await zip.file(routesPath)?.async('string')).toBe(preview[routesPath]);

    const both = await raw('/tool/gen/batchGenCode?tables=biz_gadget,sys_notice');
    expect(both.headers['content-type']).toBe('application/zip');
    const names = Object.keys((await JSZip.loadAsync(both.rawPayload)).files);
    expect(names).toEqual(
      expect.arrayContaining(['packages/contracts/src/gadget.ts', 'packages/contracts/src/notice.ts']),
    );
    // The two tables' menus do not share ids.
    const menuIds = async (name: string) =>
      (await (await JSZip.loadAsync(both.rawPayload)).file(name)?.async('string'))?.match(/id: (\d+),/)?.[1];
    expect(await menuIds('packages/server/src/features/gadget/gadget.menus.ts')).not.toBe(
      await menuIds('packages/server/src/features/notice/notice.menus.ts'),
    );

    expect(await api('GET', '/tool/gen/download/no_such')).toEqual({
      code: 500,
      msg: 'The imported table no_such does not exist',
    });
    expect((await api('GET', '/tool/gen/download/..%2F..%2Fetc')).code).toBe(500);
    expect((await api('GET', '/tool/gen/batchGenCode?tables=biz_gadget,nope')).msg).toBe(
      'The imported table nope does not exist',
    );
  });

  it('writes the files under the data folder only, whatever generation path is set', async () => {
    const { tableId } = await genRow('biz_gadget');
    const { info } = await detailOf(tableId);
    await api('PUT', '/tool/gen', { payload: { ...info, genType: '1', genPath: '/etc' } });
    const res = await api('GET', '/tool/gen/genCode/biz_gadget');
    const dir = path.join(t.config.dataDir, 'gen', 'biz_gadget');
    expect(res).toEqual({
      code: 200,
      msg: `The code was written on the server to ${dir}`,
      data: { path: dir },
    });
    const written = fs.readFileSync(path.join(dir, 'packages/contracts/src/gadget.ts'), 'utf8');
    expect(written).toContain('export const gadget = z.object({');
    expect(fs.existsSync('/etc/packages')).toBe(false);
  });

  it('refuses a table without a single numeric key, and columns gone from the database', async () => {
    await sql`create table biz_pair (a integer not null, b integer not null, primary key (a, b))`.execute(
      t.db,
    );
    expect(await api('POST', '/tool/gen/importTable?tables=biz_pair')).toMatchObject({ code: 200 });
    expect((await api('GET', '/tool/gen/download/biz_pair')).msg).toBe(
      'Table biz_pair needs exactly one numeric primary key (not a reserved word) to generate code',
    );
    const { tableId } = await genRow('biz_gadget');
    const { info, rows } = await detailOf(tableId);
    const weight = (rows as Json[]).find((c) => c.columnName === 'weight');
    await api('PUT', '/tool/gen', { payload: { ...info, columns: [{ ...weight, isInsert: '0' }] } });
    expect((await api('GET', `/tool/gen/preview/${tableId}`)).msg).toBe(
      'Column weight is NOT NULL without a default: it must be in the add form (insert)',
    );
    await api('PUT', '/tool/gen', { payload: { ...info, columns: [{ ...weight, isInsert: '1' }] } });
    expect((await api('GET', `/tool/gen/preview/${tableId}`)).code).toBe(200);
  });
});

describe('synchronising with the database', () => {
  it("adds new columns, drops gone ones and keeps the person's choices", async () => {
    const { tableId } = await genRow('biz_gadget');
    await sql`alter table biz_gadget add column serial_no varchar(32)`.execute(t.db);
    await sql`alter table biz_gadget drop column colours`.execute(t.db);
    expect((await api('GET', `/tool/gen/preview/${tableId}`)).msg).toBe(
      'Column colours is no longer in the table: synchronize first',
    );
    expect(await api('GET', '/tool/gen/synchDb/biz_gadget')).toMatchObject({ code: 200 });
    const after = await detailOf(tableId);
    const names = (after.rows as Json[]).map((c) => c.columnName);
    expect(names).toContain('serial_no');
    expect(names).not.toContain('colours');
    expect(columnOf(after, 'serial_no')).toMatchObject({
      tsType: 'string',
      isInsert: '1',
      htmlType: 'input',
    });
    expect(columnOf(after, 'gadget_type')).toMatchObject({ dictType: 'sys_yes_no', isQuery: '1' });
    expect(columnOf(after, 'weight')).toMatchObject({ columnComment: '重量' });
    expect((await api('GET', `/tool/gen/preview/${tableId}`)).code).toBe(200);
  });

  it('refuses a table that left the database, or was never imported', async () => {
    await sql`create table biz_gone (id integer primary key, name varchar(10))`.execute(t.db);
    await api('POST', '/tool/gen/importTable?tables=biz_gone');
    await sql`drop table biz_gone`.execute(t.db);
    expect(await api('GET', '/tool/gen/synchDb/biz_gone')).toEqual({
      code: 500,
      msg: 'Table biz_gone no longer exists in the database',
    });
    expect((await api('GET', `/tool/gen/preview/${(await genRow('biz_gone')).tableId}`)).msg).toBe(
      'Table biz_gone no longer exists in the database',
    );
    expect((await api('GET', '/tool/gen/synchDb/sys_user')).msg).toBe(
      'The imported table sys_user does not exist',
    );
  });
});

describe('deleting', () => {
  it('deletes imported tables with their columns; the tables come back to the database list', async () => {
    const pair = await genRow('biz_pair');
    const gone = await genRow('biz_gone');
    expect(await api('DELETE', `/tool/gen/${pair.tableId},${gone.tableId}`)).toMatchObject({
      code: 200,
      data: { removed: 2 },
    });
    const left = await t.db
      .selectFrom('genTableColumn')
      .select('columnId')
      .where('tableId', 'in', [pair.tableId, gone.tableId])
      .execute();
    expect(left).toEqual([]);
    expect(await dbTableNames()).toContain('biz_pair');
    expect((await api('DELETE', '/tool/gen/1,x')).msg).toBe('Malformed ID list: 1,x');
  });
});

describe('access', () => {
  const routes: Array<[Method, string]> = [
    ['GET', '/tool/gen/list'],
    ['GET', '/tool/gen/db/list'],
    ['GET', '/tool/gen/1'],
    ['GET', '/tool/gen/column/1'],
    ['POST', '/tool/gen/importTable?tables=sys_config'],
    ['PUT', '/tool/gen'],
    ['DELETE', '/tool/gen/1'],
    ['GET', '/tool/gen/preview/1'],
    ['GET', '/tool/gen/download/biz_gadget'],
    ['GET', '/tool/gen/genCode/biz_gadget'],
    ['GET', '/tool/gen/synchDb/biz_gadget'],
    ['GET', '/tool/gen/batchGenCode?tables=biz_gadget'],
  ];

  it('is the back office only: 403 for a member, 401 without a session', async () => {
    for (const [method, url] of routes) {
      expect((await api(method, url, { token: member })).code, `${method} ${url}`).toBe(403);
      expect((await api(method, url, { token: '' })).code, `${method} ${url}`).toBe(401);
    }
    expect(await dbTableNames()).toContain('sys_config');
  });

  it('seeds the pages and buttons with the original ids and permissions', async () => {
    const menus = await t.db
      .selectFrom('sysMenu')
      .select(['menuId', 'parentId', 'path', 'component', 'perms', 'menuType', 'icon'])
      .where('menuId', 'in', [115, 116, 1055, 1056, 1057, 1058, 1059, 1060])
      .orderBy('menuId')
      .execute();
    expect(menus).toEqual([
      {
        menuId: 115,
        parentId: 3,
        path: 'build',
        component: 'tool/build/index',
        perms: 'tool:build:list',
        menuType: 'C',
        icon: 'build',
      },
      {
        menuId: 116,
        parentId: 1,
        path: 'gen',
        component: 'tool/gen/index',
        perms: 'tool:gen:list',
        menuType: 'C',
        icon: 'code',
      },
      ...['query', 'edit', 'remove', 'import', 'preview', 'code'].map((action, i) => ({
        menuId: 1055 + i,
        parentId: 116,
        path: '',
        component: null,
        perms: `tool:gen:${action}`,
        menuType: 'F',
        icon: '#',
      })),
    ]);
    const granted = await t.db
      .selectFrom('sysRoleMenu')
      .select('roleId')
      .where('menuId', 'in', [115, 116])
      .execute();
    expect(granted).toEqual([]);
  });
});

it.runIf(isPostgres())('reads column comments of PostgreSQL tables', async () => {
  await sql`create table biz_commented (id serial primary key, title varchar(20) not null)`.execute(t.db);
  await sql`comment on table biz_commented is '评论表'`.execute(t.db);
  await sql`comment on column biz_commented.title is '标题'`.execute(t.db);
  await api('POST', '/tool/gen/importTable?tables=biz_commented');
  const row = await genRow('biz_commented');
  expect(row).toMatchObject({ tableComment: '评论表', functionName: '评论' });
  expect(columnOf(await detailOf(row.tableId), 'title')).toMatchObject({ columnComment: '标题' });
});
