import { describe, expect, it } from 'vitest';
import { orderOf } from './query.ts';

const COLUMNS = { userName: 'userName', createTime: 'createTime' } as const;

describe('orderOf', () => {
  it('maps a listed column and its direction', () => {
    expect(
      orderOf({ orderByColumn: ' createTime ', isAsc: 'descending' }, COLUMNS, ['userName', 'asc']),
    ).toEqual(['createTime', 'desc']);
  });

  it('falls back for a column the list does not offer, also for the names every object has', () => {
    for (const name of ['password', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])
      expect(orderOf({ orderByColumn: name, isAsc: 'asc' }, COLUMNS, ['userName', 'asc']), name).toEqual([
        'userName',
        'asc',
      ]);
  });
});
