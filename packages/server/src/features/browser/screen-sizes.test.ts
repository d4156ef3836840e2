import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';
import { SCREEN_SIZES } from '../../db/seed/screen-sizes.ts';

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

const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('sysScreenSize')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the screen-size catalogue', () => {
  it('is seeded with current devices in CSS pixels, and anyone signed in reads it', async () => {
    const list = await api(member, 'GET', '/system/ScreenSize/list', undefined, { pageSize: '100' });
    expect(list.code).toBe(200);
    expect(list.total).toBe(SCREEN_SIZES.length);
    expect(list.rows.find((r: { name: string }) => r.name === 'iPhone 16 Pro')).toMatchObject({
      width: '402px',
      height: '874px',
    });
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Pixel 8', 'Galaxy S24', 'iPad Air 11"', 'Laptop 1366×768', 'QHD 2560×1440']),
    );
    const filtered = await api(member, 'GET', '/system/ScreenSize/list', undefined, { name: 'ipad' });
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((r: { name: string }) => r.name.startsWith('iPad'))).toBe(true);
    const one = await api(member, 'GET', `/system/ScreenSize/${list.rows[0].screenSizeId}`);
    expect(one.data).toEqual(list.rows[0]);
    expect((await t.call({ method: 'GET', url: '/system/ScreenSize/list' })).body.code).toBe(401);
  });

  it('is changed by administrators only', async () => {
    const before = await count();
    const body = { name: 'Kiosk', width: '1080', height: '1920' };
    expect((await api(member, 'POST', '/system/ScreenSize', body)).code).toBe(403);
    expect((await api(member, 'PUT', '/system/ScreenSize', { ...body, screenSizeId: 1 })).code).toBe(403);
    expect((await api(member, 'DELETE', '/system/ScreenSize/1')).code).toBe(403);
    expect((await api(member, 'POST', '/system/ScreenSize/export')).code).toBe(403);
    expect(await count()).toBe(before);
    const first = await t.db
      .selectFrom('sysScreenSize')
      .selectAll()
      .where('screenSizeId', '=', 1)
      .executeTakeFirst();
    expect(first?.name).toBe(SCREEN_SIZES[0]?.name);
  });

  it('takes sizes with or without px, keeps them as the original does, and refuses what is no size', async () => {
    const made = await api(admin, 'POST', '/system/ScreenSize', {
      name: 'Kiosk',
      width: '1080',
      height: '1920px',
      remark: 'Lobby',
    });
    expect(made.code).toBe(200);
    const id = made.data.screenSizeId as number;
    expect((await api(admin, 'GET', `/system/ScreenSize/${id}`)).data).toEqual({
      screenSizeId: id,
      name: 'Kiosk',
      width: '1080px',
      height: '1920px',
      remark: 'Lobby',
    });
    const wrong = (over: Record<string, unknown>) =>
      api(admin, 'POST', '/system/ScreenSize', { name: 'X', width: '390', height: '844', ...over });
    expect((await wrong({ name: ' ' })).msg).toBe('Enter a name for the screen size');
    const pixels = 'Width and height must be whole numbers of pixels from 50 to 10000, such as 390 or 390px';
    for (const width of ['abc', '10', '20000', '-390', '390em', ''])
      expect((await wrong({ width })).msg, width).toBe(pixels);
    expect((await wrong({ name: 'n'.repeat(33) })).msg).toMatch(/name/);

    expect(
      (
        await api(admin, 'PUT', '/system/ScreenSize', {
          screenSizeId: id,
          name: 'Kiosk 4K',
          width: 2160,
          height: 3840,
        })
      ).code,
    ).toBe(200);
    expect((await api(admin, 'GET', `/system/ScreenSize/${id}`)).data).toMatchObject({
      name: 'Kiosk 4K',
      width: '2160px',
      height: '3840px',
      remark: null,
    });
    expect(
      (await api(admin, 'PUT', '/system/ScreenSize', { screenSizeId: 99999, name: 'N', width: 1, height: 1 }))
        .msg,
    ).toBe(pixels);
    expect(
      (
        await api(admin, 'PUT', '/system/ScreenSize', {
          screenSizeId: 99999,
          name: 'N',
          width: 100,
          height: 100,
        })
      ).msg,
    ).toBe('The screen size does not exist');
  });

  it('exports to Excel and deletes a comma list of ids', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/ScreenSize/export',
      headers: { authorization: `Bearer ${admin.token}`, language: 'en_US' },
    });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(decodeURIComponent(String(res.headers['download-filename']))).toBe('screen-sizes.xlsx');
    const ids = (
      await t.db.selectFrom('sysScreenSize').select('screenSizeId').where('name', 'like', 'Kiosk%').execute()
    ).map((r) => r.screenSizeId);
    const before = await count();
    const removed = await api(admin, 'DELETE', `/system/ScreenSize/${[...ids, 1].join(',')}`);
    expect(removed.data).toEqual({ removed: ids.length + 1 });
    expect(await count()).toBe(before - ids.length - 1);
    expect((await api(admin, 'GET', '/system/ScreenSize/1')).msg).toBe('The screen size does not exist');
  });
});
