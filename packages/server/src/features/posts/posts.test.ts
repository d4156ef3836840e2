import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { SEEDED_POSTS } from '../../db/seed/org.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let member: Person;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  member = await t.signedIn();
});
afterAll(async () => t.close());

const add = (body: Json) => api(admin, 'POST', '/system/post', { postSort: 9, ...body });
const postCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sysPost')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('posts', () => {
  it("are seeded with the original's four, listed in order and filtered", async () => {
    const list = await api(admin, 'GET', '/system/post/list');
    expect(list.total).toBe(4);
    expect(list.rows.map((p: Json) => [p.postCode, p.postName, p.postSort])).toEqual(
      SEEDED_POSTS.map((p) => [p.postCode, p.postName, p.postSort]),
    );
    expect(
      (await api(admin, 'GET', '/system/post/list', undefined, { postCode: 'S' })).rows.map(
        (p: Json) => p.postCode,
      ),
    ).toEqual(['se', 'user']);
    expect((await api(admin, 'GET', '/system/post/list', undefined, { postName: '经理' })).total).toBe(1);
    expect((await api(admin, 'GET', '/system/post/list', undefined, { status: '1' })).total).toBe(0);
    const paged = await api(admin, 'GET', '/system/post/list', undefined, { pageSize: '2', pageNum: '2' });
    expect(paged.rows.map((p: Json) => p.postCode)).toEqual(['hr', 'user']);
    const one = await api(admin, 'GET', `/system/post/${list.rows[0].postId}`);
    expect(one.data).toEqual(list.rows[0]);
  });

  it('are created, edited and read with unique names and codes', async () => {
    const made = await add({ postCode: 'qa', postName: 'Tester', remark: 'Finds bugs' });
    expect(made.code, made.msg).toBe(200);
    const postId = made.data.postId as number;
    expect((await api(admin, 'GET', `/system/post/${postId}`)).data).toMatchObject({
      postId,
      postCode: 'qa',
      postName: 'Tester',
      postSort: 9,
      status: '0',
      remark: 'Finds bugs',
    });
    expect((await add({ postCode: 'qa2', postName: 'Tester' })).msg).toBe(
      'Could not save position "Tester": the name already exists',
    );
    expect((await add({ postCode: 'qa', postName: 'Tester 2' })).msg).toBe(
      'Could not save position "Tester 2": the code "qa" already exists',
    );
    expect(
      (await api(admin, 'PUT', '/system/post', { postId, postCode: 'ceo', postName: 'Tester', postSort: 1 }))
        .msg,
    ).toBe('Could not save position "Tester": the code "ceo" already exists');
    const saved = await api(admin, 'PUT', '/system/post', {
      postId,
      postCode: 'qa',
      postName: 'QA',
      postSort: 3,
      status: '1',
    });
    expect(saved.code, saved.msg).toBe(200);
    expect((await api(admin, 'GET', `/system/post/${postId}`)).data).toMatchObject({
      postName: 'QA',
      postSort: 3,
      status: '1',
    });
    expect((await add({ postCode: '', postName: 'X' })).msg).toBe('The position code cannot be empty');
    expect((await add({ postCode: 'x', postName: 'x'.repeat(51) })).msg).toBe(
      'The position name can have at most 50 characters',
    );
    expect((await add({ postCode: 'x', postName: 'X', postSort: 'first' })).msg).toBe(
      'The position order must be a whole number from 0 to 9999',
    );
    expect(
      (await api(admin, 'PUT', '/system/post', { postId: 999999, postCode: 'n', postName: 'n', postSort: 1 }))
        .msg,
    ).toBe('The position does not exist');
    expect((await api(admin, 'GET', '/system/post/999999')).msg).toBe('The position does not exist');
  });

  it('are deleted only while nobody holds them, several at once', async () => {
    const a = (await add({ postCode: 'del-a', postName: 'Del A' })).data.postId as number;
    const b = (await add({ postCode: 'del-b', postName: 'Del B' })).data.postId as number;
    await t.db.insertInto('sysUserPost').values({ userId: member.userId, postId: b }).execute();
    const before = await postCount();
    expect((await api(admin, 'DELETE', `/system/post/${a},${b}`)).msg).toBe(
      'The position "Del B" is held by members and cannot be deleted',
    );
    expect(await postCount()).toBe(before);
    await t.db.deleteFrom('sysUserPost').where('postId', '=', b).execute();
    expect((await api(admin, 'DELETE', `/system/post/${a},${b}`)).code).toBe(200);
    expect(await postCount()).toBe(before - 2);
    expect((await api(admin, 'DELETE', '/system/post/1,x')).code).toBe(500);
  });

  it('are offered to anyone signed in for the user dialog, and changed with system:post:* only', async () => {
    const options = await api(member, 'GET', '/system/post/optionselect');
    expect(options.code).toBe(200);
    expect(options.data.map((p: Json) => p.postCode)).toEqual(
      expect.arrayContaining(['ceo', 'se', 'hr', 'user']),
    );
    expect((await t.call({ method: 'GET', url: '/system/post/optionselect' })).body.code).toBe(401);
    const before = await postCount();
    for (const [method, url, payload] of [
      ['GET', '/system/post/list'],
      ['GET', '/system/post/1'],
      ['POST', '/system/post', { postCode: 'm', postName: 'm', postSort: 1 }],
      ['PUT', '/system/post', { postId: 1, postCode: 'm', postName: 'm', postSort: 1 }],
      ['DELETE', '/system/post/1'],
      ['POST', '/system/post/export'],
    ] as const) {
      expect((await api(member, method, url, payload)).code, `${method} ${url}`).toBe(403);
    }
    expect(await postCount()).toBe(before);
  });

  it('export the filtered list as Excel', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/post/export',
      headers: {
        authorization: `Bearer ${admin.token}`,
        language: 'en_US',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'postCode=e',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.name).toBe('Positions');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Code',
      'Name',
      'Order',
      'Status',
      'Notes',
      'Created',
    ]);
    const codes = [2, 3, 4].map((r) => ws.getRow(r).getCell(2).value);
    expect(codes).toEqual(['ceo', 'se', 'user']);
    expect(ws.getRow(2).getCell(5).value).toBe('Normal');
    expect(ws.actualRowCount).toBe(4);
  });
});
