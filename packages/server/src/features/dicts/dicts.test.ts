import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DICTIONARIES } from '../../db/seed/reference-data.ts';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const u = await insertTestUser(t.db);
  member = await t.login(u.userName, u.password);
});
afterAll(async () => t.close());

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token?: string };
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

const typeRow = (dictType: string) =>
  t.db.selectFrom('sysDictType').selectAll().where('dictType', '=', dictType).executeTakeFirst();
const dataOf = (dictType: string) =>
  t.db
    .selectFrom('sysDictData')
    .selectAll()
    .where('dictType', '=', dictType)
    .orderBy('dictSort')
    .orderBy('dictCode')
    .execute();
const newType = async (dictType: string, dictName = dictType) => {
  expect(await codeOf('POST', '/system/dict/type', { payload: { dictName, dictType } })).toBe(200);
  return (await typeRow(dictType))?.dictId as number;
};
const newData = async (dictType: string, dictValue: string, extra: Record<string, unknown> = {}) => {
  const payload = { dictType, dictValue, dictLabel: dictValue.toUpperCase(), ...extra };
  expect(await codeOf('POST', '/system/dict/data', { payload })).toBe(200);
  const row = await t.db
    .selectFrom('sysDictData')
    .selectAll()
    .where('dictType', '=', dictType)
    .where('dictValue', '=', dictValue)
    .executeTakeFirstOrThrow();
  return row.dictCode;
};

describe('dictionary types', () => {
  it('lists, filters and answers types for holders of the permission', async () => {
    const all = await api('GET', '/system/dict/type/list', { query: { pageSize: '100' } });
    expect(all).toMatchObject({ code: 200, total: DICTIONARIES.length });
    const one = await api('GET', '/system/dict/type/list', { query: { dictType: 'defect' } });
    expect(one.rows).toMatchObject([{ dictType: 'defect_level', dictName: '缺陷等级' }]);
    const id = one.rows[0].dictId as number;
    expect((await api('GET', `/system/dict/type/${id}`)).data.dictType).toBe('defect_level');
    expect(await api('GET', '/system/dict/type/9999')).toEqual({
      code: 500,
      msg: 'The dictionary does not exist',
    });
    expect(
      (await api('GET', '/system/dict/type/optionselect', { token: member })).data.length,
    ).toBeGreaterThanOrEqual(11);
    expect(await codeOf('GET', '/system/dict/type/list', { token: member })).toBe(403);
    expect(await codeOf('GET', `/system/dict/type/${id}`, { token: member })).toBe(403);
    expect(await codeOf('GET', '/system/dict/type/list', { token: '' })).toBe(401);
  });

  it('creates a type and refuses a taken or malformed one', async () => {
    await newType('test_size', 'Size');
    expect(await typeRow('test_size')).toMatchObject({ dictName: 'Size', status: '0', createBy: 'admin' });
    const taken = await api('POST', '/system/dict/type', {
      payload: { dictName: 'Again', dictType: 'test_size' },
    });
    expect(taken).toEqual({ code: 500, msg: 'Could not save dictionary "Again": the type already exists' });
    const bad = await api('POST', '/system/dict/type', {
      payload: { dictName: 'Bad', dictType: 'Bad-Type' },
    });
    expect(bad.msg).toBe(
      'The dictionary type must start with a lower-case letter and contain only lower-case letters, digits and underscores',
    );
    const blank = await api('POST', '/system/dict/type', {
      payload: { dictName: '', dictType: 'test_blank' },
    });
    expect(blank.msg).toBe('The dictionary name cannot be empty');
    expect(await typeRow('test_blank')).toBeUndefined();
    const denied = await api('POST', '/system/dict/type', {
      payload: { dictName: 'X', dictType: 'test_denied' },
      token: member,
    });
    expect(denied.code).toBe(403);
    expect(await typeRow('test_denied')).toBeUndefined();
  });

  it('carries the entries along when a type is renamed', async () => {
    const dictId = await newType('test_color');
    await newData('test_color', 'red');
    await newData('test_color', 'blue');
    const payload = { dictId, dictName: 'Colour', dictType: 'test_colour' };
    expect(await codeOf('PUT', '/system/dict/type', { payload })).toBe(200);
    expect(await typeRow('test_colour')).toMatchObject({ dictId, dictName: 'Colour', updateBy: 'admin' });
    expect((await dataOf('test_colour')).map((d) => d.dictValue)).toEqual(['red', 'blue']);
    expect(await dataOf('test_color')).toEqual([]);
    const clash = await api('PUT', '/system/dict/type', {
      payload: { ...payload, dictType: 'defect_level' },
    });
    expect(clash.msg).toBe('Could not save dictionary "Colour": the type already exists');
    expect(await codeOf('PUT', '/system/dict/type', { payload, token: member })).toBe(403);
  });

  it('deletes empty types only', async () => {
    const full = await newType('test_full', 'Full');
    await newData('test_full', 'one');
    const empty = await newType('test_empty');
    expect(await api('DELETE', `/system/dict/type/${full}`)).toEqual({
      code: 500,
      msg: 'The dictionary type "Full" still has data and cannot be deleted',
    });
    expect(await typeRow('test_full')).toBeDefined();
    expect(await codeOf('DELETE', `/system/dict/type/${empty}`, { token: member })).toBe(403);
    expect(await codeOf('DELETE', `/system/dict/type/${empty}`)).toBe(200);
    expect(await typeRow('test_empty')).toBeUndefined();
    expect(await codeOf('DELETE', '/system/dict/type/refreshCache')).toBe(200);
    expect(await codeOf('DELETE', '/system/dict/type/refreshCache', { token: member })).toBe(403);
  });
});

describe('dictionary entries', () => {
  it('answers the enabled entries of a type in order to any signed-in user', async () => {
    const res = await api('GET', '/system/dict/data/type/defect_level', { token: member });
    expect(res.code).toBe(200);
    expect(res.data.map((d: { dictValue: string }) => d.dictValue)).toEqual([
      'urgent',
      'height',
      'middle',
      'low',
    ]);
    expect(res.data[2]).toMatchObject({ dictLabel: '中', isDefault: 'Y', listClass: 'primary' });
    expect((await api('GET', '/system/dict/data/type/no_such_type')).data).toEqual([]);
    expect(await codeOf('GET', '/system/dict/data/type/defect_level', { token: '' })).toBe(401);
  });

  it('lists and answers entries for holders of the permission', async () => {
    const list = await api('GET', '/system/dict/data/list', { query: { dictType: 'sys_user_sex' } });
    expect(list).toMatchObject({ code: 200, total: 3 });
    expect(list.rows.map((d: { dictValue: string }) => d.dictValue)).toEqual(['0', '1', '2']);
    const code = list.rows[1].dictCode as number;
    expect((await api('GET', `/system/dict/data/${code}`)).data).toMatchObject({ dictLabel: '女' });
    expect(await codeOf('GET', '/system/dict/data/list', { token: member })).toBe(403);
    expect(await codeOf('GET', `/system/dict/data/${code}`, { token: member })).toBe(403);
  });

  it('creates entries with a value unique per type', async () => {
    await newType('test_shape');
    const code = await newData('test_shape', 'round', { dictSort: 2, listClass: 'info' });
    const row = await t.db
      .selectFrom('sysDictData')
      .selectAll()
      .where('dictCode', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      dictLabel: 'ROUND',
      dictSort: 2,
      listClass: 'info',
      isDefault: 'N',
      status: '0',
    });
    const again = await api('POST', '/system/dict/data', {
      payload: { dictType: 'test_shape', dictValue: 'round', dictLabel: 'Again' },
    });
    expect(again).toEqual({ code: 500, msg: 'Could not save the entry: the value "round" already exists' });
    await newData('test_size', 'round');
    const orphan = await api('POST', '/system/dict/data', {
      payload: { dictType: 'test_nowhere', dictValue: 'x', dictLabel: 'X' },
    });
    expect(orphan.msg).toBe('The dictionary does not exist');
    const blank = await api('POST', '/system/dict/data', {
      payload: { dictType: 'test_shape', dictValue: 'sq', dictLabel: '' },
    });
    expect(blank.msg).toBe('The label cannot be empty');
    expect((await dataOf('test_shape')).map((d) => d.dictValue)).toEqual(['round']);
    const denied = await api('POST', '/system/dict/data', {
      payload: { dictType: 'test_shape', dictValue: 'sq', dictLabel: 'Sq' },
      token: member,
    });
    expect(denied.code).toBe(403);
  });

  it('edits entries, hides disabled ones from the type and deletes them', async () => {
    await newType('test_speed');
    const slow = await newData('test_speed', 'slow', { dictSort: 1 });
    const fast = await newData('test_speed', 'fast', { dictSort: 2 });
    const payload = {
      dictCode: slow,
      dictType: 'test_speed',
      dictValue: 'slow',
      dictLabel: 'Slow',
      status: '1',
    };
    expect(await codeOf('PUT', '/system/dict/data', { payload })).toBe(200);
    expect((await dataOf('test_speed'))[0]).toMatchObject({
      dictLabel: 'Slow',
      status: '1',
      updateBy: 'admin',
    });
    const relabel = { payload: { ...payload, dictLabel: 'Sneaky' }, token: member };
    expect(await codeOf('PUT', '/system/dict/data', relabel)).toBe(403);
    expect((await dataOf('test_speed'))[0]?.dictLabel).toBe('Slow');
    const shown = await api('GET', '/system/dict/data/type/test_speed');
    expect(shown.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['fast']);
    const clash = await api('PUT', '/system/dict/data', { payload: { ...payload, dictValue: 'fast' } });
    expect(clash.msg).toBe('Could not save the entry: the value "fast" already exists');
    expect(await codeOf('DELETE', `/system/dict/data/${slow},${fast}`, { token: member })).toBe(403);
    expect(await codeOf('DELETE', `/system/dict/data/${slow},${fast}`)).toBe(200);
    expect(await dataOf('test_speed')).toEqual([]);
  });
});
