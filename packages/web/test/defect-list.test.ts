import { beforeEach, describe, expect, it } from 'vitest';
import { bucketByDay, daysOf, monthGrid, monthOf } from '../src/features/defects/defect-calendar-days.ts';
import {
  cleanColumns,
  columnsStorageKey,
  DEFAULT_COLUMNS,
  readColumns,
  writeColumns,
} from '../src/features/defects/defect-columns.ts';
import {
  defaultSortField,
  exportQuery,
  filterQuery,
  idList,
  isSameFilters,
  listQuery,
  pickFilters,
} from '../src/features/defects/defect-query.ts';
import { readTabConfig, tabConfigOf } from '../src/features/defects/defect-tab-config.ts';
import { toQueryString } from '../src/lib/query-string.ts';

describe('defect list query', () => {
  it('keeps state 0 (Pending) in id lists and drops what is not a number', () => {
    expect(idList('0,3')).toEqual([0, 3]);
    expect(idList('12,,x,7')).toEqual([12, 7]);
    expect(idList(undefined)).toEqual([]);
  });

  it('sends every filter under the names the server reads', () => {
    const query = listQuery(
      5,
      {
        type: 'BUG',
        states: '0,3',
        level: 'urgent',
        handler: '7,9',
        name: '#12',
        keyword: 'checkout',
        version: '1.2',
        createdFrom: '2024-05-01',
        createdTo: '2024-05-31',
        updatedFrom: '2024-06-01 08:00:00',
        updatedTo: '2024-06-02',
        mine: '1',
        followed: '1',
        tab: '3',
        view: 'calendar',
      },
      42,
      { pageNum: 2, pageSize: 20 },
    );
    expect(decodeURIComponent(toQueryString(query)).split('&')).toEqual([
      'projectId=5',
      'defectType=BUG',
      'defectLevel=urgent',
      'handleBy=7,9',
      'defectName=#12',
      'moduleVersion=1.2',
      'params[defectStates]=0,3',
      'params[keyword]=checkout',
      'params[userId]=42',
      'params[collect]=1',
      'params[beginCreateTime]=2024-05-01',
      'params[endCreateTime]=2024-05-31',
      'params[beginUpdateTime]=2024-06-01 08:00:00',
      'params[endUpdateTime]=2024-06-02',
      'pageNum=2',
      'pageSize=20',
    ]);
  });

  it('leaves out filters that are not set, and the sort when none is chosen', () => {
    expect(filterQuery({}, 42)).toEqual({});
    expect(listQuery(5, { sort: 'projectNum', order: 'asc' }, 42, { pageNum: 1, pageSize: 10 })).toEqual({
      projectId: 5,
      orderByColumn: 'projectNum',
      isAsc: 'asc',
      pageNum: 1,
      pageSize: 10,
    });
    // No sort chosen: none is sent, so the server uses its own order (last update, or a keyword's
    // newest first); a chosen sort without an order is descending.
    expect(listQuery(5, {}, 42, { pageNum: 1, pageSize: 10 })).toEqual({
      projectId: 5,
      pageNum: 1,
      pageSize: 10,
    });
    expect(listQuery(5, { sort: 'updateTime' }, 42, { pageNum: 1, pageSize: 10 })).toMatchObject({
      orderByColumn: 'updateTime',
      isAsc: 'desc',
    });
  });

  it('exports the same filters and sort as the list, without paging', () => {
    const params = { type: 'TASK', states: '0', keyword: 'pay', sort: 'projectNum', order: 'asc', tab: '2' };
    const page = { pageNum: 3, pageSize: 50 };
    const { pageNum, pageSize, ...rest } = listQuery(5, params, 42, page);
    expect(exportQuery(5, params, 42)).toEqual(rest);
    expect(decodeURIComponent(toQueryString(exportQuery(5, params, 42)))).toBe(
      'projectId=5&orderByColumn=projectNum&isAsc=asc&defectType=TASK&params[defectStates]=0&params[keyword]=pay',
    );
    expect([pageNum, pageSize]).toEqual([3, 50]);
  });

  it('shows last update as the default sort, except for a keyword search (newest first)', () => {
    expect(defaultSortField({})).toBe('updateTime');
    expect(defaultSortField({ type: 'BUG', sort: 'projectNum' })).toBe('updateTime');
    expect(defaultSortField({ keyword: 'checkout' })).toBeUndefined();
    expect(defaultSortField({ keyword: '  ' })).toBe('updateTime');
  });

  it('picks only filters from the URL and compares them regardless of id order', () => {
    expect(pickFilters({ type: 'BUG', sort: 'projectNum', tab: '3', name: '  ' })).toEqual({ type: 'BUG' });
    expect(isSameFilters({ handler: '9,7', states: '3,0' }, { handler: '7,9', states: '0,3' })).toBe(true);
    expect(isSameFilters({ handler: '7' }, { handler: '7', followed: '1' })).toBe(false);
    expect(isSameFilters({ name: '' }, {})).toBe(true);
  });
});

describe('defect tab config', () => {
  it('reads the default "My" tab the server creates', () => {
    expect(readTabConfig({ handleBy: [12] })).toEqual({ filters: { handler: '12' } });
  });

  it('round-trips every filter and the columns through the saved config', () => {
    const filters = {
      type: 'TASK',
      states: '0,1',
      level: 'low',
      handler: '3',
      name: 'login',
      keyword: '登录',
      version: '2.0',
      module: '0',
      createdFrom: '2024-01-01',
      createdTo: '2024-01-31',
      updatedFrom: '2024-02-01',
      updatedTo: '2024-02-29 23:00:00',
      mine: '1',
      followed: '1',
    };
    const config = tabConfigOf(filters, ['num', 'title', 'planEnd'], 42);
    expect(config).toMatchObject({
      defectType: 'TASK',
      handleBy: [3],
      moduleId: 0,
      params: { defectStates: [0, 1], collect: '1', userId: 42 },
      columns: ['num', 'title', 'planEnd'],
    });
    // Through JSON, as the server stores it.
    expect(readTabConfig(JSON.parse(JSON.stringify(config)))).toEqual({
      filters,
      columns: ['num', 'title', 'planEnd'],
    });
  });

  it('saves no columns key when none are given', () => {
    expect(tabConfigOf({ type: 'BUG' }, undefined, 1)).toEqual({ defectType: 'BUG' });
  });

  it('accepts the forms the original client stored, and ignores what it cannot read', () => {
    expect(
      readTabConfig({
        handleBy: '[4,5]',
        defectName: 12,
        params: { defectStates: '0,4', collect: '0', userId: null },
        moduleId: 0,
        projectNum: 3,
      }),
    ).toEqual({ filters: { handler: '4,5', name: '12', states: '0,4', module: '0' } });
    expect(readTabConfig({ params: { collect: 1 }, columns: ['bogus', 'state'] })).toEqual({
      filters: { followed: '1' },
      columns: ['title', 'state'],
    });
    expect(readTabConfig(null)).toEqual({ filters: {} });
    expect(readTabConfig('{"handleBy":[1]}')).toEqual({ filters: {} });
  });

  it("keeps custom field filters and columns, ours and in 1.0's place beside the query", () => {
    const custom = JSON.stringify([{ fieldKey: 'browser', op: 'eq', value: 'chrome' }]);
    const config = tabConfigOf({ custom }, ['title', 'custom:browser'], 1);
    expect(config).toEqual({
      params: { customFieldFilters: custom },
      customFieldFilters: [{ fieldKey: 'browser', op: 'eq', value: 'chrome' }],
      columns: ['title', 'custom:browser'],
    });
    expect(readTabConfig(JSON.parse(JSON.stringify(config)))).toEqual({
      filters: { custom },
      columns: ['title', 'custom:browser'],
    });
    // 1.0's client: the list beside the query; a malformed entry is dropped.
    expect(
      readTabConfig({ customFieldFilters: [{ fieldKey: 'score', op: 'isEmpty' }, { op: 'eq' }] }).filters,
    ).toEqual({ custom: JSON.stringify([{ fieldKey: 'score', op: 'isEmpty' }]) });
    expect(cleanColumns(['custom:browser', 'num', 'custom:Bad Key', 'custom:browser'])).toEqual([
      'num',
      'title',
      'custom:browser',
    ]);
  });
});

describe('defect column preference', () => {
  beforeEach(() => localStorage.clear());

  it('keeps known columns in table order and always the title', () => {
    expect(cleanColumns(['updateTime', 'num', 'nope'])).toEqual(['num', 'title', 'updateTime']);
    // The deliverable can be chosen, between the handlers and the version, but is not shown by default.
    expect(cleanColumns(['version', 'module', 'handlers'])).toEqual([
      'title',
      'handlers',
      'module',
      'version',
    ]);
    expect(DEFAULT_COLUMNS).not.toContain('module');
    expect(cleanColumns([])).toEqual(['title']);
    expect(cleanColumns('num')).toBeUndefined();
  });

  it('stores a choice per user and reads the defaults otherwise', () => {
    expect(readColumns(localStorage, 1)).toEqual([...DEFAULT_COLUMNS]);
    writeColumns(localStorage, 1, ['title', 'creator']);
    expect(readColumns(localStorage, 1)).toEqual(['title', 'creator']);
    expect(readColumns(localStorage, 2)).toEqual([...DEFAULT_COLUMNS]);
    expect(localStorage.getItem(columnsStorageKey(1))).toBe('["title","creator"]');
  });

  it('forgets the entry when reset to the defaults, and survives a damaged entry', () => {
    writeColumns(localStorage, 1, ['title']);
    writeColumns(localStorage, 1, DEFAULT_COLUMNS);
    expect(localStorage.getItem(columnsStorageKey(1))).toBeNull();
    localStorage.setItem(columnsStorageKey(1), '{not json');
    expect(readColumns(localStorage, 1)).toEqual([...DEFAULT_COLUMNS]);
  });
});

describe('defect calendar days', () => {
  it('builds Sunday-first grids of whole weeks', () => {
    // May 2024 starts on a Wednesday and needs five weeks.
    const may = monthGrid('2024-05');
    expect(may).toHaveLength(35);
    expect(may[0]).toBe('2024-04-28');
    expect(may[34]).toBe('2024-06-01');
    // February 2015 starts on a Sunday and fills exactly four weeks.
    expect(monthGrid('2015-02')).toHaveLength(28);
    // March 2024 starts on a Friday with 31 days: six weeks.
    const march = monthGrid('2024-03');
    expect(march).toHaveLength(42);
    expect(march[0]).toBe('2024-02-25');
  });

  it('takes a valid month from the URL or falls back to the current one', () => {
    expect(monthOf('2024-05')).toBe('2024-05');
    expect(monthOf('2024-13')).not.toBe('2024-13');
    expect(monthOf(undefined)).toMatch(/^\d{4}-\d{2}$/);
  });

  const item = (
    planStartTime: string | null,
    planEndTime: string | null,
    updateTime = '2024-05-20 10:00:00',
  ) => ({
    planStartTime,
    planEndTime,
    updateTime,
  });

  it('places a defect on every day of its plan, clipped to the window', () => {
    expect(daysOf(item('2024-05-02 09:00:00', '2024-05-04 18:00:00'), '2024-04-28', '2024-06-01')).toEqual([
      '2024-05-02',
      '2024-05-03',
      '2024-05-04',
    ]);
    expect(daysOf(item('2024-04-01', '2024-04-29'), '2024-04-28', '2024-06-01')).toEqual([
      '2024-04-28',
      '2024-04-29',
    ]);
    // A plan spanning the whole window fills all of it.
    expect(daysOf(item('2024-01-01', '2024-12-31'), '2024-04-28', '2024-06-01')).toHaveLength(35);
  });

  it('uses the one end of a plan that is set, and the update day only without a plan', () => {
    expect(daysOf(item('2024-05-09', null), '2024-04-28', '2024-06-01')).toEqual(['2024-05-09']);
    expect(daysOf(item(null, '2024-05-10 12:00:00'), '2024-04-28', '2024-06-01')).toEqual(['2024-05-10']);
    expect(daysOf(item(null, null), '2024-04-28', '2024-06-01')).toEqual(['2024-05-20']);
    // A plan outside the window hides it even though it was updated inside the window.
    expect(daysOf(item('2024-03-01', '2024-03-05'), '2024-04-28', '2024-06-01')).toEqual([]);
    expect(daysOf(item(null, null, '2024-07-01 00:00:00'), '2024-04-28', '2024-06-01')).toEqual([]);
    // A plan entered backwards still marks its days.
    expect(daysOf(item('2024-05-06', '2024-05-05'), '2024-04-28', '2024-06-01')).toEqual([
      '2024-05-05',
      '2024-05-06',
    ]);
  });

  it('buckets defects per grid day in list order', () => {
    const a = { id: 'a', ...item('2024-05-01', '2024-05-02') };
    const b = { id: 'b', ...item(null, null, '2024-05-02 08:00:00') };
    const buckets = bucketByDay([a, b], monthGrid('2024-05'));
    expect(buckets.size).toBe(35);
    expect(buckets.get('2024-05-01')?.map((d) => d.id)).toEqual(['a']);
    expect(buckets.get('2024-05-02')?.map((d) => d.id)).toEqual(['a', 'b']);
    expect(buckets.get('2024-05-03')).toEqual([]);
  });
});
